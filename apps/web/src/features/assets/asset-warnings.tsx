import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { countMatching, WARNINGS, type AssetColumns, type WarningId } from './asset-filters';

interface AssetWarningsProps {
  columns: AssetColumns;
  /** The devices the search and column filters leave: the warnings count these. */
  rows: readonly number[];
  formatCount: (value: number) => string;
  onShow: (id: WarningId) => void;
}

/** The warnings of spec §8, each shown only when some device has it, with a button that filters the table to them. */
export function AssetWarnings({ columns, rows, formatCount, onShow }: AssetWarningsProps) {
  const { t } = useTranslation();
  // Counted once per list and narrowing, not on every render of the page.
  const present = useMemo(
    () => WARNINGS.map((w) => ({ id: w.id, devices: countMatching(columns, rows, w.test) })).filter((w) => w.devices > 0),
    [columns, rows],
  );
  if (present.length === 0) return null;
  return (
    <Box
      sx={{ display: 'grid', gap: 1, mb: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 420px), 1fr))' }}
      data-testid="asset-warnings"
    >
      {present.map((w) => (
        <Alert
          key={w.id}
          sx={{ alignItems: 'center' }}
          // Static facts about the fleet, not news: read in turn, not announced over everything else.
          role="status"
          severity={w.id === 'no_communication' || w.id === 'temperature_error' ? 'error' : 'warning'}
          data-testid={`warning-${w.id}`}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => onShow(w.id)}
              aria-label={t('assets.showWarningDevices', { warning: t(`assets.warnings.${w.id}`) })}
            >
              {t('assets.showDevices')}
            </Button>
          }
        >
          <strong>{t(`assets.warnings.${w.id}`)}</strong> · {t('assets.deviceCount', { devices: formatCount(w.devices) })}
        </Alert>
      ))}
    </Box>
  );
}
