import { lazy, Suspense, useContext, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { formatDateTime } from '@gridlens/domain/date-format';
import { browserTimeZone } from '@/lib/api/config';
import { useDeleteDevice, useDevice, useDeviceSettings, useDeviceTrack, useWatchTracker } from '@/lib/api/tracking-devices';
import { loadChunk } from '@/lib/chunk-load';
import { ClientConfigContext } from '@/lib/client-config-context';
import { useSetSearchParams } from '@/lib/use-set-search-params';
import { rangeOf, TimeRangeSelect } from '@/lib/ui/time-range-select';
import { DeviceEditDialog } from './device-edit-dialog';
import { DeviceJourneys } from './device-journeys';
import { DeviceMessages } from './device-messages';
import { DeviceSettingsForm } from './device-settings-form';
import { useDeviceText } from './use-device-text';

const DeviceTrack = lazy(() => loadChunk(() => import('./device-track')));

/**
 * A tracker's page (/device/:deviceId): its state, its track over a range (spec §9) with its messages, its settings
 * with pending downlinks, its journeys, edit, delete and watch.
 */
export function DeviceDetailPage() {
  const { t } = useTranslation();
  const deviceId = useParams().deviceId ?? '';
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const setSearchParams = useSetSearchParams();
  const range = rangeOf(searchParams.get('range'));
  const tiles = useContext(ClientConfigContext)?.mapTiles ?? null;
  const timeZone = browserTimeZone();
  const text = useDeviceText();
  const device = useDevice(deviceId);
  const track = useDeviceTrack(deviceId, range);
  const settings = useDeviceSettings(deviceId);
  const watch = useWatchTracker(deviceId);
  const remove = useDeleteDevice(deviceId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (!device.data) {
    if (device.isError) return <Typography role="alert">{t('trackingDevices.detail.notFound', { device: deviceId })}</Typography>;
    return <Typography>{t('trackingDevices.loading')}</Typography>;
  }
  const d = device.data;
  const facts: [string, string][] = [
    [t('trackingDevices.columns.last_message_at'), text(d, 'last_message_at') || t('trackingDevices.notReported')],
    [
      t('trackingDevices.columns.last_message_type'),
      d.last_message_at === null ? t('trackingDevices.notReported') : text(d, 'last_message_type'),
    ],
    [t('trackingDevices.columns.location_name'), text(d, 'location_name') || t('trackingDevices.notReported')],
    [t('trackingDevices.columns.position_category'), text(d, 'position_category')],
    [t('trackingDevices.columns.movement'), text(d, 'movement') || t('trackingDevices.notReported')],
    [t('trackingDevices.columns.battery_pct'), text(d, 'battery_pct') || t('trackingDevices.notReported')],
    [t('trackingDevices.columns.temperature_c'), text(d, 'temperature_c') || t('trackingDevices.notReported')],
    [t('trackingDevices.columns.device_type'), text(d, 'device_type')],
  ];
  // The track takes the query's own array (it skips messages without a position), so that a re-render of this page
  // (a dialog, a refresh of the device) does not rebuild thousands of markers.
  const hasFix = track.data?.items.some((m) => m.latitude !== null) ?? false;

  return (
    // One column no wider than the screen: a wide table scrolls inside its own box, not the page (a phone, issue 27).
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Paper sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="h2" sx={{ fontSize: '1.5rem', mr: 1 }} data-testid="device-name">
            {d.name}
          </Typography>
          <Typography color="text.secondary">{d.device_id}</Typography>
          {d.tags.map((tag) => (
            <Chip key={tag} label={tag} size="small" data-testid="device-tag" />
          ))}
          <Box sx={{ flex: 1 }} />
          <Button onClick={() => watch.mutate(!d.watchlisted)} aria-pressed={d.watchlisted} data-testid="device-watch">
            {d.watchlisted ? t('trackingDevices.detail.unwatch') : t('trackingDevices.detail.watch')}
          </Button>
          <Button onClick={() => setEditing(true)} data-testid="device-edit">
            {t('trackingDevices.detail.edit')}
          </Button>
          <Button color="error" onClick={() => setConfirming(true)} data-testid="device-delete">
            {t('trackingDevices.detail.delete')}
          </Button>
        </Box>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 1, m: 0, mt: 1 }}>
          {facts.map(([label, value]) => (
            <Box key={label}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>

      <Paper sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
          <Typography variant="h3" sx={{ fontSize: '1.125rem', flex: 1 }}>
            {t('trackingDevices.detail.trackTitle')}
          </Typography>
          <TimeRangeSelect value={range} onChange={(next) => setSearchParams({ range: next })} />
        </Box>
        {d.latitude === null ? (
          <Typography data-testid="no-location">{t('trackingDevices.detail.noLocation')}</Typography>
        ) : !hasFix && track.data ? (
          <Typography>
            {t('trackingDevices.detail.noFixInRange', { time: d.position_at ? formatDateTime(Date.parse(d.position_at), timeZone) : '' })}
          </Typography>
        ) : (
          <Suspense fallback={null}>{track.data && <DeviceTrack messages={track.data.items} tiles={tiles} />}</Suspense>
        )}
      </Paper>

      <Paper sx={{ p: 2 }}>
        <DeviceMessages deviceId={deviceId} range={range} />
      </Paper>

      <Paper sx={{ p: 2 }}>
        <Typography variant="h3" sx={{ fontSize: '1.125rem', mb: 1 }}>
          {t('trackingDevices.settings.title')}
        </Typography>
        {settings.data && <DeviceSettingsForm key={`${settings.data.applied_at}-${settings.data.pending.length}`} state={settings.data} />}
      </Paper>

      <DeviceJourneys deviceId={deviceId} />

      {editing && <DeviceEditDialog device={d} onClose={() => setEditing(false)} />}
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{t('trackingDevices.delete.title', { device: d.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('trackingDevices.delete.body')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('trackingDevices.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            data-testid="confirm-delete"
            onClick={() => remove.mutate(undefined, { onSuccess: () => void navigate('/devices') })}
          >
            {t('trackingDevices.detail.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
