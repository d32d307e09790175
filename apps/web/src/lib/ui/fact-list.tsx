import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A fact: its label and its value as shown, and what the figure means when a reader may need telling. */
export type Fact = readonly [label: string, value: string, definition?: string];

interface FactListProps {
  facts: readonly Fact[];
  testId?: string;
  /** Space below the list, in theme units. */
  marginBottom?: number;
}

/** Labelled figures in a grid (a definition list): the asset header, sensor, metering and fleet summaries. */
export function FactList({ facts, testId, marginBottom = 0 }: FactListProps) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 1, m: 0, mb: marginBottom }}
      data-testid={testId}
    >
      {facts.map(([label, value, definition]) => (
        <Box key={label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Typography>
          {definition && (
            <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0, display: 'block' }} data-definition="">
              {definition}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
