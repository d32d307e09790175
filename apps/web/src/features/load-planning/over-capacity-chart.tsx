import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@gridlens/domain/number-format';

interface OverCapacityChartProps {
  counts: readonly { year: number; count: number }[];
  total: number;
}

/**
 * Transformers over capacity by year, as bars on a scale of the whole fleet: drawn in HTML, so that each bar's year
 * and count are text a screen reader reads and a printout keeps.
 */
export function OverCapacityChart({ counts, total }: OverCapacityChartProps) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="figure" sx={{ m: 0 }} data-testid="fleet-over-capacity-chart">
      <Typography component="figcaption" variant="subtitle2" sx={{ mb: 1 }}>
        {t('loadPlanning.fleet.chartTitle', { total: formatNumber(total, i18n.language, 0) })}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
        {counts.map(({ year, count }) => (
          <Box
            component="li"
            key={year}
            sx={{ display: 'grid', gridTemplateColumns: '3.5rem minmax(0, 1fr) 4rem', alignItems: 'center', gap: 1 }}
            data-testid={`fleet-over-${year}`}
          >
            <Typography variant="body2">{year}</Typography>
            <Box sx={{ height: 14, bgcolor: 'action.hover', borderRadius: 0.5 }}>
              <Box
                sx={{ height: '100%', width: `${total === 0 ? 0 : (100 * count) / total}%`, bgcolor: 'warning.main', borderRadius: 0.5 }}
              />
            </Box>
            <Typography variant="body2" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              {formatNumber(count, i18n.language, 0)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
