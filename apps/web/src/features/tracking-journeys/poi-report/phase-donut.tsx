import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';

export interface DonutPart {
  key: string;
  label: string;
  count: number;
}

const SIZE = 120;
const RADIUS = 48;
const STROKE = 18;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * A donut of how many assets are at each phase of their cycle, with its legend. The drawing is hidden from screen
 * readers: the legend beside it says the same in words and numbers.
 */
export function PhaseDonut({
  parts,
  formatCount,
  testId,
}: {
  parts: readonly DonutPart[];
  formatCount: (n: number) => string;
  testId: string;
}) {
  const theme = useTheme();
  const colours = [
    theme.palette.success.main,
    theme.palette.info.main,
    theme.palette.warning.main,
    theme.palette.secondary.main,
    theme.palette.grey[500],
  ];
  const total = parts.reduce((sum, p) => sum + p.count, 0);
  const lengthOf = (count: number) => (total === 0 ? 0 : (count / total) * CIRCUMFERENCE);
  const arcs = parts.map((part, i) => ({
    part,
    start: parts.slice(0, i).reduce((sum, p) => sum + lengthOf(p.count), 0),
    length: lengthOf(part.count),
    colour: colours[i % colours.length] as string,
  }));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }} data-testid={testId}>
      <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden style={{ flex: 'none' }}>
        <circle cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} fill="none" stroke={theme.palette.action.hover} strokeWidth={STROKE} />
        {arcs
          .filter((a) => a.length > 0)
          .map((a) => (
            <circle
              key={a.part.key}
              cx={SIZE / 2}
              cy={SIZE / 2}
              r={RADIUS}
              fill="none"
              stroke={a.colour}
              strokeWidth={STROKE}
              strokeDasharray={`${a.length} ${CIRCUMFERENCE - a.length}`}
              strokeDashoffset={-a.start}
              transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
            />
          ))}
      </svg>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
        {arcs.map((a) => (
          <Box
            component="li"
            key={a.part.key}
            sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
            data-testid={`${testId}-${a.part.key}`}
          >
            <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: a.colour, flex: 'none' }} aria-hidden />
            <Typography variant="body2">
              {a.part.label}: {formatCount(a.part.count)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
