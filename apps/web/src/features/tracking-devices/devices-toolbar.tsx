import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { LAST_MESSAGE_TYPES, POSITION_CATEGORIES } from '@gridlens/domain/tracking/enumerations';
import { MOVEMENTS } from '@gridlens/domain/tracking/movement';
import { ColumnChooser } from '@/lib/ui/column-chooser';
import { DEVICE_FIELDS, type DeviceField, type DeviceFilters } from './device-rows';
import { valueText } from './use-device-text';

/** Every column but the name, which names the row. */
const CHOOSABLE_FIELDS = DEVICE_FIELDS.filter((field) => field !== 'name');

interface DevicesToolbarProps {
  filters: DeviceFilters;
  onFilters: (filters: DeviceFilters) => void;
  visible: ReadonlySet<DeviceField>;
  onToggle: (field: DeviceField) => void;
  onExport: (format: 'csv' | 'xlsx') => void;
}

const FILTERS = [
  { field: 'position_category', values: POSITION_CATEGORIES },
  { field: 'movement', values: MOVEMENTS },
  { field: 'last_message_type', values: LAST_MESSAGE_TYPES },
] as const;

/** The devices table's filters, column choice and exports. */
export function DevicesToolbar({ filters, onFilters, visible, onToggle, onExport }: DevicesToolbarProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
      {FILTERS.map(({ field, values }) => (
        <TextField
          key={field}
          select
          size="small"
          label={t(`trackingDevices.columns.${field}`)}
          value={filters[field] ?? ''}
          onChange={(event) => onFilters({ ...filters, [field]: event.target.value === '' ? null : event.target.value })}
          sx={{ minWidth: 160 }}
          data-testid={`filter-${field}`}
        >
          <MenuItem value="">{t('trackingDevices.all')}</MenuItem>
          {values.map((value) => (
            <MenuItem key={value} value={value}>
              {valueText(t, field, value)}
            </MenuItem>
          ))}
        </TextField>
      ))}
      <Box sx={{ flex: 1 }} />
      <ColumnChooser
        fields={CHOOSABLE_FIELDS}
        visible={visible}
        onToggle={onToggle}
        labelOf={(field) => t(`trackingDevices.columns.${field}`)}
      />
      <Button startIcon={<DownloadIcon />} onClick={() => onExport('csv')} data-testid="export-csv">
        {t('assets.exportCsv')}
      </Button>
      <Button startIcon={<DownloadIcon />} onClick={() => onExport('xlsx')} data-testid="export-xlsx">
        {t('assets.exportXlsx')}
      </Button>
    </Box>
  );
}
