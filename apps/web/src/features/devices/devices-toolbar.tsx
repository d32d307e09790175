import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import DownloadIcon from '@mui/icons-material/Download';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { useTranslation } from 'react-i18next';
import { LAST_MESSAGE_TYPES, POSITION_CATEGORIES } from '@gridlens/domain/tracking/enumerations';
import { MOVEMENTS } from '@gridlens/domain/tracking/movement';
import { DEVICE_FIELDS, type DeviceField, type DeviceFilters } from './device-rows';
import { valueText } from './use-device-text';

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
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
      {FILTERS.map(({ field, values }) => (
        <TextField
          key={field}
          select
          size="small"
          label={t(`devices.columns.${field}`)}
          value={filters[field] ?? ''}
          onChange={(event) => onFilters({ ...filters, [field]: event.target.value === '' ? null : event.target.value })}
          sx={{ minWidth: 160 }}
          data-testid={`filter-${field}`}
        >
          <MenuItem value="">{t('devices.all')}</MenuItem>
          {values.map((value) => (
            <MenuItem key={value} value={value}>
              {valueText(t, field, value)}
            </MenuItem>
          ))}
        </TextField>
      ))}
      <Box sx={{ flex: 1 }} />
      <Button
        startIcon={<ViewColumnIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        data-testid="column-chooser"
      >
        {t('assets.chooseColumns')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {DEVICE_FIELDS.filter((field) => field !== 'name').map((field) => (
          <MenuItem key={field} onClick={() => onToggle(field)} dense role="menuitemcheckbox" aria-checked={visible.has(field)}>
            {visible.has(field) ? (
              <CheckBoxIcon fontSize="small" color="primary" sx={{ m: 0.5, mr: 1.5 }} />
            ) : (
              <CheckBoxOutlineBlankIcon fontSize="small" sx={{ m: 0.5, mr: 1.5, color: 'text.secondary' }} />
            )}
            <ListItemText primary={t(`devices.columns.${field}`)} />
          </MenuItem>
        ))}
      </Menu>
      <Button startIcon={<DownloadIcon />} onClick={() => onExport('csv')} data-testid="export-csv">
        {t('assets.exportCsv')}
      </Button>
      <Button startIcon={<DownloadIcon />} onClick={() => onExport('xlsx')} data-testid="export-xlsx">
        {t('assets.exportXlsx')}
      </Button>
    </Box>
  );
}
