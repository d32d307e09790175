import { memo } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';

/** A segment's colour: a palette colour, or grey for "none". */
export type SegmentTone = 'success' | 'warning' | 'error' | 'info' | 'neutral';

export interface DonutSegment {
  key: string;
  label: string;
  count: number;
  tone: SegmentTone;
  selected: boolean;
}

interface SummaryDonutProps {
  chartId: string;
  title: string;
  segments: readonly DonutSegment[];
  /** Counts as the user's language writes them (10,300 or 10 300). */
  formatCount: (value: number) => string;
  /**
   * Told the chart and the segment: one function for every chart, so that a donut whose counts stay re-renders not.
   * Without it the donut only shows: its arcs and legend entries are no buttons (nothing on the page to filter).
   */
  onSelect?: (chartId: string, key: string) => void;
}

/** A legend entry's box, a button or not. */
const LEGEND_ENTRY = {
  width: '100%',
  justifyContent: 'flex-start',
  // A label on two lines keeps its dot and its count beside its first line.
  alignItems: 'flex-start',
  gap: 1,
  px: 0.5,
  py: 0.25,
  borderRadius: 1,
  // ButtonBase draws no focus ring of its own: keyboard users must see where they are.
  '&.Mui-focusVisible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
} as const;

const SIZE = 120;
const RADIUS = 48;
const STROKE = 18;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * A donut of how many devices (or sites) fall in each value, with a legend. Each arc and each legend entry filters
 * the table to its rows; the legend entries are the keyboard's and screen reader's way in (buttons with the
 * count in their name), the arcs the mouse's.
 */
export const SummaryDonut = memo(function SummaryDonut({ chartId, title, segments, formatCount, onSelect }: SummaryDonutProps) {
  const theme = useTheme();
  const colour = (tone: SegmentTone) => (tone === 'neutral' ? theme.palette.grey[500] : theme.palette[tone].main);
  const total = segments.reduce((sum, s) => sum + s.count, 0);
  const anySelected = segments.some((s) => s.selected);
  // Where each arc starts and how long it is, along the circle's circumference.
  const arcs: { segment: DonutSegment; start: number; length: number }[] = [];
  let start = 0;
  for (const segment of segments) {
    const length = total === 0 ? 0 : (segment.count / total) * CIRCUMFERENCE;
    arcs.push({ segment, start, length });
    start += length;
  }
  const titleId = `summary-${chartId}-title`;

  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={`summary-${chartId}`} role="group" aria-labelledby={titleId}>
      {/* The first headings under the page's h1 (the warnings above have none): h2, so no level is skipped. */}
      <Typography id={titleId} variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {/* The legend sits beside the donut while it has 160 px, and goes under it on a narrow card (a phone). */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden style={{ flex: 'none' }}>
          <circle cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} fill="none" stroke={theme.palette.action.hover} strokeWidth={STROKE} />
          {arcs
            .filter(({ length }) => length > 0)
            .map(({ segment, start: arcStart, length }) => (
              <circle
                key={segment.key}
                data-testid={`segment-${chartId}-${segment.key}`}
                cx={SIZE / 2}
                cy={SIZE / 2}
                r={RADIUS}
                fill="none"
                stroke={colour(segment.tone)}
                strokeWidth={segment.selected ? STROKE + 6 : STROKE}
                strokeDasharray={`${length} ${CIRCUMFERENCE - length}`}
                strokeDashoffset={-arcStart}
                transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
                opacity={anySelected && !segment.selected ? 0.35 : 1}
                style={onSelect ? { cursor: 'pointer' } : undefined}
                onClick={onSelect ? () => onSelect(chartId, segment.key) : undefined}
              />
            ))}
          <text
            x="50%"
            y="50%"
            textAnchor="middle"
            dominantBaseline="central"
            fill={theme.palette.text.primary}
            fontSize="20"
            pointerEvents="none"
          >
            {formatCount(total)}
          </text>
        </svg>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, minWidth: 0, flex: '1 1 160px' }}>
          {segments.map((segment) => {
            const entry = (
              <>
                <Box
                  component="span"
                  // Centred on the first line of body2 text (20 px high).
                  sx={{ width: 10, height: 10, mt: '5px', borderRadius: '50%', bgcolor: colour(segment.tone), flex: 'none' }}
                />
                <Typography
                  component="span"
                  variant="body2"
                  data-testid="donut-label"
                  // Wraps, never an ellipsis: a longer language's label ("Aucune communication depuis 24 heures") reads in full.
                  sx={{ flex: 1, minWidth: 0, overflowWrap: 'break-word', textAlign: 'left', fontWeight: 'inherit' }}
                >
                  {segment.label}
                </Typography>
                <Typography component="span" variant="body2" sx={{ fontWeight: 'inherit' }}>
                  {formatCount(segment.count)}
                </Typography>
              </>
            );
            return (
              <li key={segment.key}>
                {onSelect ? (
                  <ButtonBase
                    onClick={() => onSelect(chartId, segment.key)}
                    aria-pressed={segment.selected}
                    // Named by its visible text ("Normal 201"), which a voice user reads out to press it (WCAG 2.5.3).
                    data-testid={`legend-${chartId}-${segment.key}`}
                    sx={{
                      ...LEGEND_ENTRY,
                      fontWeight: segment.selected ? 700 : 400,
                      bgcolor: segment.selected ? 'action.selected' : 'transparent',
                    }}
                  >
                    {entry}
                  </ButtonBase>
                ) : (
                  <Box component="span" data-testid={`legend-${chartId}-${segment.key}`} sx={{ ...LEGEND_ENTRY, display: 'flex' }}>
                    {entry}
                  </Box>
                )}
              </li>
            );
          })}
        </Box>
      </Box>
    </Paper>
  );
});
