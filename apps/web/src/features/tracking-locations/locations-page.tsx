import { lazy, Suspense, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loadChunk } from '@/lib/chunk-load';
import { useLocationList } from '@/lib/api/tracking-locations';
import { useAppStore } from '@/lib/app-store';
import { useHeaderSearch } from '@/lib/use-header-search';
import { textsMatch } from '@/lib/text-search';
import { LocationsMap } from './locations-map';
import { LocationsTable } from './locations-table';
import { PossiblePoisPanel } from './possible-pois-panel';

const LocationFormDialog = lazy(() => loadChunk(() => import('./location-form-dialog')));

/**
 * The locations screen (spec §2 /locations): the POIs as a list and on a map, narrowed by the header's search and
 * selected customer; adding a POI by drawing it; possible POIs to adopt.
 */
export function LocationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const customer = useAppStore((s) => s.selectedCustomer);
  const search = useHeaderSearch();
  const list = useLocationList(customer);
  const [adding, setAdding] = useState(false);
  const shown = useMemo(
    () =>
      (list.data ?? []).filter((l) =>
        textsMatch([l.FullName, l.LocationID, l.CustomerName, t(`trackingLocations.types.${l.LocationType}`)], search),
      ),
    [list.data, search, t],
  );

  return (
    // Columns no wider than the screen: a wide table scrolls inside its own box, not the page (a phone, issue 27).
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }} data-testid="locations-page">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }} data-testid="locations-count">
          {t('trackingLocations.count', { shown: shown.length, total: list.data?.length ?? 0 })}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="add-location">
          {t('trackingLocations.add')}
        </Button>
      </Box>
      {list.isError && <Typography color="error">{t('trackingLocations.loadFailed')}</Typography>}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined">
          <LocationsTable locations={shown} />
        </Paper>
        <LocationsMap locations={shown} />
      </Box>
      <PossiblePoisPanel />
      {adding && (
        <Suspense fallback={null}>
          <LocationFormDialog
            location={null}
            onClose={(savedId) => {
              setAdding(false);
              if (savedId) void navigate(`/location/${encodeURIComponent(savedId)}`);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
