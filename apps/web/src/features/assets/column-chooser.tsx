import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { useTranslation } from 'react-i18next';
import { ASSET_COLUMNS } from './asset-columns';
import type { AssetField } from './asset-filters';

interface ColumnChooserProps {
  visible: ReadonlySet<AssetField>;
  onToggle: (field: AssetField) => void;
}

/** Which columns the table shows; the device id always stays. */
export function ColumnChooser({ visible, onToggle }: ColumnChooserProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        startIcon={<ViewColumnIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        data-testid="column-chooser"
      >
        {t('assets.chooseColumns')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxHeight: 420 } } }}>
        {ASSET_COLUMNS.filter((col) => col.field !== 'device_id').map((col) => (
          <MenuItem key={col.field} onClick={() => onToggle(col.field)} dense role="menuitemcheckbox" aria-checked={visible.has(col.field)}>
            {/* The menu item is the checkbox to assistive technology (role and aria-checked); this is only its picture,
                an icon rather than some fifty Checkbox inputs, which made opening the menu on a phone slower than 200 ms. */}
            {visible.has(col.field) ? (
              <CheckBoxIcon fontSize="small" color="primary" sx={{ m: 0.5, mr: 1.5 }} />
            ) : (
              <CheckBoxOutlineBlankIcon fontSize="small" sx={{ m: 0.5, mr: 1.5, color: 'text.secondary' }} />
            )}
            <ListItemText primary={t(`assets.columns.${col.field}`)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
