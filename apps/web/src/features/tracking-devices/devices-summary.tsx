import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TrackedDevice } from '@gridlens/contract/tracking';
import { formatNumber } from '@gridlens/domain/number-format';
import { POSITION_CATEGORIES } from '@gridlens/domain/tracking/enumerations';
import { trackerFleetSummary } from '@gridlens/domain/tracking/fleet-summary';
import { MOVEMENTS } from '@gridlens/domain/tracking/movement';
import { valueText } from './use-device-text';

/**
 * The listed devices at a glance (customer, search and filters applied): where they are, whether they move, and
 * how many have gone silent or run low, by the rules of GET /api/device/stats (domain tracking/fleet-summary.ts),
 * judged at the moment the list was read.
 */
export function DevicesSummary({
  rows,
  nowMs,
}: {
  /** Null while the list loads: every figure shows a dash, so the bar holds its place and nothing below it moves. */
  rows: readonly TrackedDevice[] | null;
  /** When the list was read. */ nowMs: number;
}) {
  const { t, i18n } = useTranslation();
  const summary = useMemo(() => trackerFleetSummary(rows ?? [], nowMs), [rows, nowMs]);
  const figures: { id: string; label: string; count: number }[] = [
    ...POSITION_CATEGORIES.map((category) => ({
      id: `position-${category}`,
      label: valueText(t, 'position_category', category),
      count: summary.byPosition[category],
    })),
    ...MOVEMENTS.map((movement) => ({
      id: `movement-${movement}`,
      label: valueText(t, 'movement', movement),
      count: summary.byMovement[movement],
    })),
    { id: 'silent', label: t('assets.values.communication_state.no_communication_24h'), count: summary.silent },
    { id: 'low-battery', label: t('issueFlags.HasLowBattery'), count: summary.lowBattery },
  ];
  return (
    <Box
      component="dl"
      aria-label={t('trackingDevices.summaryLabel')}
      data-testid="devices-summary"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, mb: 1 }}
    >
      {figures.map((figure) => (
        <Box
          key={figure.id}
          data-testid={`summary-${figure.id}`}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1, py: 0.25, display: 'flex', gap: 0.75, alignItems: 'baseline' }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {figure.label}
          </Typography>
          {/* Room for three digits, so a count arriving does not change the line's width. */}
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700, minWidth: '3ch', fontVariantNumeric: 'tabular-nums' }}>
            {rows === null ? '–' : formatNumber(figure.count, i18n.language, 0)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
