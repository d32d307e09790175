import Box from '@mui/material/Box';

const WIDTH = 360;
const HEIGHT = 64;
const PAD = 4;

/**
 * A figure's weeks as a small line (oldest on the left), scaled from 0 to its highest week; a week without a value
 * (no cycle finished) breaks the line. Its label names it for screen readers; the table below gives the numbers.
 */
export function TrendLine({ label, values, testId }: { label: string; values: readonly (number | null)[]; testId: string }) {
  const top = Math.max(1, ...values.map((v) => v ?? 0));
  const x = (i: number) => PAD + (values.length <= 1 ? 0 : (i * (WIDTH - 2 * PAD)) / (values.length - 1));
  const y = (v: number) => HEIGHT - PAD - (v / top) * (HEIGHT - 2 * PAD);
  const runs: string[][] = [[]];
  values.forEach((v, i) => {
    if (v === null) runs.push([]);
    else runs[runs.length - 1]?.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  });
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      data-testid={testId}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      sx={{ width: WIDTH, maxWidth: '100%', height: HEIGHT }}
    >
      <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} stroke="currentColor" strokeOpacity={0.3} />
      {runs
        .filter((run) => run.length > 0)
        .map((run) => (
          <Box
            key={run[0]}
            component="polyline"
            points={run.join(' ')}
            fill="none"
            sx={{ stroke: (theme) => theme.palette.primary.main }}
            strokeWidth={2}
          />
        ))}
    </Box>
  );
}
