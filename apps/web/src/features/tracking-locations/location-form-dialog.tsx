import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Location } from '@gridlens/contract/tracking-locations';
import { LOCATION_TYPES, type LocationType } from '@gridlens/domain/tracking/enumerations';
import { ApiRequestError } from '@/lib/api/api-client';
import { useAddLocation, useCustomers, useUpdateLocation } from '@/lib/api/tracking-locations';
import { useAppStore } from '@/lib/app-store';
import { emptyShape, geometryOf, isComplete, shapeOfLocation, type DrawnShape } from './drawn-shape';
import { PoiDrawer } from './poi-drawer';

interface Props {
  /** The POI to edit, or null to add one. */
  location: Location | null;
  onClose: (savedId?: string) => void;
}

const NO_CUSTOMER = '';

/** Add a POI by drawing it, or edit one: rename, retype, give it to a customer, move or reshape it on the map. */
export default function LocationFormDialog({ location, onClose }: Props) {
  const { t } = useTranslation();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const [id, setId] = useState('');
  const [name, setName] = useState(location?.FullName ?? '');
  const [type, setType] = useState<LocationType>(location?.LocationType ?? 'Non-Friendly');
  const [customer, setCustomer] = useState(location?.CustomerID ?? NO_CUSTOMER);
  const [shape, setShape] = useState<DrawnShape>(location ? shapeOfLocation(location) : emptyShape('circle'));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const customers = useCustomers();
  const add = useAddLocation();
  const update = useUpdateLocation(location?.LocationID ?? '');
  const saving = add.isPending || update.isPending;
  const shapeProblem = problems['shape'] ?? problems['Polygon'] ?? problems['Latitude'] ?? problems['Longitude'] ?? problems['RadiusM'];

  const submit = async () => {
    const found: Record<string, string> = {};
    if (!location && !/^[A-Za-z0-9._:-]{1,64}$/.test(id.trim())) found['LocationID'] = t('trackingLocations.problems.id');
    if (name.trim() === '') found['FullName'] = t('trackingLocations.problems.required');
    if (!isComplete(shape))
      found['shape'] = t(shape.kind === 'circle' ? 'trackingLocations.problems.circle' : 'trackingLocations.problems.polygon');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const common = {
      FullName: name.trim(),
      LocationType: type,
      CustomerID: type === 'Friendly' || customer === NO_CUSTOMER ? null : customer,
    };
    try {
      if (location) await update.mutateAsync({ ...common, ...geometryOf(shape) });
      else await add.mutateAsync({ LocationID: id.trim(), ...common, ...geometryOf(shape) });
      showSnackbar(t('trackingLocations.saved'));
      onClose(location?.LocationID ?? id.trim());
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      if (error.status === 409) setProblems({ LocationID: t('trackingLocations.problems.taken') });
      else setProblems(Object.fromEntries(error.details.map((d) => [d.field.split('.')[0] ?? d.field, d.message])));
    }
  };

  return (
    <Dialog open onClose={() => onClose()} maxWidth="md" fullWidth aria-labelledby="location-form-title">
      <DialogTitle id="location-form-title">{t(location ? 'trackingLocations.editTitle' : 'trackingLocations.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('trackingLocations.fields.id')}
              value={location?.LocationID ?? id}
              disabled={location !== null}
              onChange={(event) => setId(event.target.value)}
              error={problems['LocationID'] !== undefined}
              helperText={problems['LocationID']}
              slotProps={{ htmlInput: { 'data-testid': 'location-id' } }}
              required
            />
            <TextField
              label={t('trackingLocations.fields.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={problems['FullName'] !== undefined}
              helperText={problems['FullName']}
              slotProps={{ htmlInput: { 'data-testid': 'location-name', maxLength: 50 } }}
              required
              sx={{ flexGrow: 1 }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('trackingLocations.fields.type')}
              value={type}
              onChange={(event) => setType(event.target.value as LocationType)}
              slotProps={{ htmlInput: { 'data-testid': 'location-type' } }}
              sx={{ minWidth: 200 }}
            >
              {LOCATION_TYPES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`trackingLocations.types.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('trackingLocations.fields.customer')}
              value={type === 'Friendly' ? NO_CUSTOMER : customer}
              disabled={type === 'Friendly'}
              onChange={(event) => setCustomer(event.target.value)}
              error={problems['CustomerID'] !== undefined}
              helperText={problems['CustomerID'] ?? (type === 'Friendly' ? t('trackingLocations.friendlyNoCustomer') : undefined)}
              sx={{ minWidth: 240 }}
            >
              <MenuItem value={NO_CUSTOMER}>{t('trackingLocations.noCustomer')}</MenuItem>
              {(customers.data ?? []).map((c) => (
                <MenuItem key={c.customer_id} value={c.customer_id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <PoiDrawer
            value={shape}
            editing={location?.LocationID ?? null}
            onChange={(next) => {
              setShape(next);
              // A new drawing answers the drawing's problem; the server judges it again on saving.
              setProblems(
                ({ shape: _drawn, Polygon: _polygon, Latitude: _latitude, Longitude: _longitude, RadiusM: _radius, ...rest }) => rest,
              );
            }}
          />
          {shapeProblem && (
            <Typography role="alert" color="error" variant="body2" data-testid="shape-problem">
              {shapeProblem}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>{t('trackingLocations.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={saving} data-testid="location-save">
          {t('trackingLocations.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
