import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { useTranslation } from 'react-i18next';

interface ColumnChooserProps<F extends string> {
  /** The columns the user may show or hide (the one naming the row always stays, so it is not among them). */
  fields: readonly F[];
  visible: ReadonlySet<F>;
  onToggle: (field: F) => void;
  labelOf: (field: F) => string;
}

/** Which columns a table shows: a menu of checkable column names. */
export function ColumnChooser<F extends string>({ fields, visible, onToggle, labelOf }: ColumnChooserProps<F>) {
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
        {fields.map((field) => (
          <MenuItem key={field} onClick={() => onToggle(field)} dense role="menuitemcheckbox" aria-checked={visible.has(field)}>
            {/* The menu item is the checkbox to assistive technology (role and aria-checked); this is only its picture,
                an icon rather than some fifty Checkbox inputs, which made opening the menu on a phone slower than 200 ms. */}
            {visible.has(field) ? (
              <CheckBoxIcon fontSize="small" color="primary" sx={{ m: 0.5, mr: 1.5 }} />
            ) : (
              <CheckBoxOutlineBlankIcon fontSize="small" sx={{ m: 0.5, mr: 1.5, color: 'text.secondary' }} />
            )}
            <ListItemText primary={labelOf(field)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
