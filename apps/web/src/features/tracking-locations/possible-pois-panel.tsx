import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PossiblePoi } from '@gridlens/contract/tracking-locations';
import { formatDate } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { browserTimeZone } from '@/lib/api/config';
import { useAddLocation, usePossiblePois } from '@/lib/api/tracking-locations';
import { useAppStore } from '@/lib/app-store';

/** A possible POI's id as a POI: its centre, to 4 decimals (about 10 m), in the characters an id may hold. */
export const adoptedIdOf = (p: PossiblePoi) => `POI_${p.latitude.toFixed(4)}_${p.longitude.toFixed(4)}`;

/**
 * Places outside every POI where devices stop again and again (GET /api/location/possible_pois); one click adopts
 * one as a Non-Friendly POI with its circle, then opens it to be named and given to a customer.
 */
export function PossiblePoisPanel() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const possible = usePossiblePois();
  const add = useAddLocation();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  const timeZone = browserTimeZone();
  const coordinate = (degrees: number) => formatNumber(degrees, i18n.language, 4);

  const adopt = async (p: PossiblePoi) => {
    const id = adoptedIdOf(p);
    await add.mutateAsync({
      LocationID: id,
      FullName: t('trackingLocations.possible.adoptedName', { latitude: p.latitude.toFixed(4), longitude: p.longitude.toFixed(4) }),
      LocationType: 'Non-Friendly',
      Latitude: p.latitude,
      Longitude: p.longitude,
      RadiusM: p.radius_m,
    });
    showSnackbar(t('trackingLocations.possible.adopted'));
    void navigate(`/location/${encodeURIComponent(id)}`);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="possible-pois-title" data-testid="possible-pois">
      <Typography variant="h6" component="h2" id="possible-pois-title">
        {t('trackingLocations.possible.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('trackingLocations.possible.explain')}
      </Typography>
      {possible.data?.length === 0 && <Typography data-testid="possible-pois-none">{t('trackingLocations.possible.none')}</Typography>}
      {possible.data && possible.data.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('trackingLocations.possible.place')}</TableCell>
                <TableCell align="right">{t('trackingLocations.possible.visits')}</TableCell>
                <TableCell align="right">{t('trackingLocations.possible.devices')}</TableCell>
                <TableCell align="right">{t('trackingLocations.possible.confidence')}</TableCell>
                <TableCell>{t('trackingLocations.possible.lastSeen')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {possible.data.map((p) => (
                <TableRow key={p.id} data-testid="possible-poi">
                  <TableCell>
                    {coordinate(p.latitude)}, {coordinate(p.longitude)}
                  </TableCell>
                  <TableCell align="right">{formatNumber(p.visit_count, i18n.language, 0)}</TableCell>
                  <TableCell align="right">{formatNumber(p.device_count, i18n.language, 0)}</TableCell>
                  <TableCell align="right">{percent.format(p.confidence)}</TableCell>
                  <TableCell>{formatDate(Date.parse(p.last_seen), timeZone)}</TableCell>
                  <TableCell>
                    <Button size="small" disabled={add.isPending} onClick={() => void adopt(p)} data-testid="adopt-poi">
                      {t('trackingLocations.possible.adopt')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
