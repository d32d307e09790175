import { useMemo } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TrackedDevice } from '@gridlens/contract/tracking';
import { formatNumber } from '@gridlens/domain/number-format';
import { POSITION_CATEGORIES, type PositionCategory } from '@gridlens/domain/tracking/enumerations';
import { trackerFleetSummary } from '@gridlens/domain/tracking/fleet-summary';
import { MOVEMENTS } from '@gridlens/domain/tracking/movement';
import { usePositionColours } from '@/lib/ui/location-colours';
import type { SummaryFigure } from './device-rows';
import { valueText } from './use-device-text';

interface DevicesSummaryProps {
  /** Null while the list loads: every figure shows a dash, so the bar holds its place and nothing below it moves. */
  rows: readonly TrackedDevice[] | null;
  /** When the list was read. */
  nowMs: number;
  /** The figure filtering the table, if any. */
  selected: SummaryFigure | null;
  /** A figure clicked: the page filters the table by it, or clears it when it was the one chosen. */
  onSelect: (figure: SummaryFigure) => void;
}

/**
 * The listed devices at a glance (customer, search and filters applied): where they are, whether they move, and
 * how many have gone silent or run low, by the rules of GET /api/device/stats (domain tracking/fleet-summary.ts),
 * judged at the moment the list was read. Each figure is a toggle, as the Assets donuts are: chosen, it narrows
 * the table and the map to the devices it counts; chosen again, it lets them all back.
 */
export function DevicesSummary({ rows, nowMs, selected, onSelect }: DevicesSummaryProps) {
  const { t, i18n } = useTranslation();
  const colours = usePositionColours();
  const summary = useMemo(() => trackerFleetSummary(rows ?? [], nowMs), [rows, nowMs]);
  const figures: { id: SummaryFigure; label: string; count: number; category?: PositionCategory }[] = [
    ...POSITION_CATEGORIES.map((category) => ({
      id: `position-${category}` as const,
      label: valueText(t, 'position_category', category),
      count: summary.byPosition[category],
      category,
    })),
    ...MOVEMENTS.map((movement) => ({
      id: `movement-${movement}` as const,
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
      {figures.map((figure) => {
        const chosen = selected === figure.id;
        return (
          <Box
            key={figure.id}
            data-testid={`summary-${figure.id}`}
            data-selected={chosen}
            sx={{
              position: 'relative',
              border: 1,
              borderColor: chosen ? 'primary.main' : 'divider',
              bgcolor: chosen ? 'action.selected' : 'transparent',
              borderRadius: 1,
              px: 1,
              py: 0.25,
              display: 'flex',
              gap: 0.75,
              alignItems: 'baseline',
              '&:hover': { bgcolor: chosen ? 'action.selected' : 'action.hover' },
              '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', outlineOffset: 1 },
            }}
          >
            <Typography component="dt" variant="body2" color={chosen ? 'text.primary' : 'text.secondary'}>
              {/* The whole chip is the button: its area stretches over the count beside it. */}
              <ButtonBase
                aria-pressed={chosen}
                onClick={() => onSelect(figure.id)}
                disableRipple
                sx={{
                  font: 'inherit',
                  color: 'inherit',
                  gap: 0.75,
                  '&::after': { content: '""', position: 'absolute', inset: 0 },
                  '&.Mui-focusVisible': { outline: 'none' },
                }}
              >
                {figure.category && (
                  <Box
                    component="span"
                    aria-hidden
                    data-location-type={figure.category}
                    sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: colours[figure.category], alignSelf: 'center' }}
                  />
                )}
                {figure.label}
              </ButtonBase>
            </Typography>
            {/* Room for three digits, so a count arriving does not change the line's width. */}
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700, minWidth: '3ch', fontVariantNumeric: 'tabular-nums' }}>
              {rows === null ? '–' : formatNumber(figure.count, i18n.language, 0)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
