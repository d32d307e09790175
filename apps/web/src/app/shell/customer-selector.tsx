import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useCustomers } from '@/lib/api/tracking-locations';
import { useAppStore } from '@/lib/app-store';

const ALL = '';

/**
 * Spec §3 shared state "selected customer", in the header of a tracking tenant: the customer whose sites narrow
 * every tracking screen (its Non-Friendly sites, and every Friendly one), or all customers.
 */
export default function CustomerSelector() {
  const { t } = useTranslation();
  const selected = useAppStore((s) => s.selectedCustomer);
  const setSelected = useAppStore((s) => s.setSelectedCustomer);
  const customers = useCustomers();
  if (!customers.data || customers.data.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      value={selected ?? ALL}
      onChange={(event) => setSelected(event.target.value === ALL ? null : event.target.value)}
      // A visible label names the combobox for assistive technology; "All customers" shows while none is chosen.
      label={t('customers.selector')}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'customer-select' } }}
      sx={{ minWidth: 160, maxWidth: 240 }}
    >
      <MenuItem value={ALL}>{t('customers.all')}</MenuItem>
      {customers.data.map((c) => (
        <MenuItem key={c.customer_id} value={c.customer_id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
