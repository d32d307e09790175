import { lazy, Suspense, useContext, useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { loadChunk } from '@/lib/chunk-load';
import { ApiRequestError } from '@/lib/api/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { forgetLocation, useDeleteLocation, useLocationDetail, useWatchLocation } from '@/lib/api/tracking-locations';
import { useAppStore } from '@/lib/app-store';
import { ClientConfigContext } from '@/lib/client-config-context';
import { MapView } from '@/lib/ui/map/map-view';
import { DevicesAtLocation } from './devices-at-location';
import { LocationArrivals } from './location-arrivals';
import { locationShape, useLocationTones } from './location-tones';

const LocationFormDialog = lazy(() => loadChunk(() => import('./location-form-dialog')));

/**
 * A location (spec §2 /location/{locationId}): its geometry on the map, the devices there now, edit (rename,
 * type, customer, move or reshape), delete, watch; under the map and the devices, its arrivals per week and dwell
 * times.
 */
export function LocationDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locationId = useParams().locationId ?? '';
  const detail = useLocationDetail(locationId);
  const watch = useWatchLocation();
  const remove = useDeleteLocation();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const mapTiles = useContext(ClientConfigContext)?.mapTiles ?? null;
  const { tones, colourOf } = useLocationTones();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);
  const location = detail.data;
  const shape = useMemo(() => (location ? locationShape(location, colourOf(location.LocationType)) : null), [location, colourOf]);
  const shapes = useMemo(() => (shape ? [shape] : []), [shape]);
  const queryClient = useQueryClient();
  // The location deleted here: its queries are dropped once this page has gone (not before: they would refetch).
  const deleted = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (deleted.current) forgetLocation(queryClient, deleted.current);
    },
    [queryClient],
  );

  if (detail.isError) return <Typography data-testid="location-not-found">{t('trackingLocations.detail.notFound')}</Typography>;
  if (!location) return null;

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(location.LocationID);
      deleted.current = location.LocationID;
      showSnackbar(t('trackingLocations.detail.deleted'));
      void navigate('/locations');
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) setDeleteProblem(t('trackingLocations.detail.deleteBlocked'));
      else throw error;
    }
  };

  return (
    // Columns no wider than the screen: a wide table or chart fits inside its own box, not past the page (issue 27).
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }} data-testid="location-detail">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }} data-testid="location-title">
          {location.FullName}
        </Typography>
        <Button
          startIcon={location.IsWatchlisted ? <StarIcon /> : <StarBorderIcon />}
          aria-pressed={location.IsWatchlisted}
          onClick={() => watch.mutate({ locationId: location.LocationID, watch: !location.IsWatchlisted })}
          data-testid="watch-location"
        >
          {t(location.IsWatchlisted ? 'trackingLocations.detail.watching' : 'trackingLocations.detail.watch')}
        </Button>
        <Button variant="outlined" onClick={() => setEditing(true)} data-testid="edit-location">
          {t('trackingLocations.detail.edit')}
        </Button>
        <Button color="error" variant="outlined" onClick={() => setDeleting(true)} data-testid="delete-location">
          {t('trackingLocations.detail.delete')}
        </Button>
      </Box>
      <Typography color="text.secondary" data-testid="location-facts">
        {[
          location.LocationID,
          t(`trackingLocations.types.${location.LocationType}`),
          location.CustomerName,
          t(`trackingLocations.shapes.${location.Shape}`),
          t('trackingLocations.detail.devicesCount', { n: location.DeviceCount }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <MapView
          label={t('trackingLocations.detail.mapLabel')}
          testId="location-map"
          tiles={mapTiles}
          tones={tones}
          shapes={shapes}
          frame={shape}
        />
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="devices-here-title">
          <Typography variant="h6" component="h3" id="devices-here-title" sx={{ mb: 1 }}>
            {t('trackingLocations.detail.devicesNow')}
          </Typography>
          {/* Four columns do not fit a phone: the table scrolls sideways inside its box. */}
          <Box sx={{ overflowX: 'auto' }}>
            <DevicesAtLocation locationId={location.LocationID} />
          </Box>
        </Paper>
      </Box>
      <LocationArrivals locationId={location.LocationID} />
      {editing && (
        <Suspense fallback={null}>
          <LocationFormDialog location={location} onClose={() => setEditing(false)} />
        </Suspense>
      )}
      <Dialog open={deleting} onClose={() => setDeleting(false)} aria-labelledby="delete-location-title">
        <DialogTitle id="delete-location-title">{t('trackingLocations.detail.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{deleteProblem ?? t('trackingLocations.detail.deleteBody', { name: location.FullName })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(false)}>{t('trackingLocations.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={deleteProblem !== null || remove.isPending}
            onClick={() => void confirmDelete()}
            data-testid="confirm-delete"
          >
            {t('trackingLocations.detail.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
