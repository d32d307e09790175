import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { browserTimeZone } from '@/lib/api/config';
import { useDevicesAtLocation } from '@/lib/api/tracking-locations';

/** The devices in a POI now, each since when it stands there, linking to the device. */
export function DevicesAtLocation({ locationId }: { locationId: string }) {
  const { t, i18n } = useTranslation();
  const devices = useDevicesAtLocation(locationId);
  const timeZone = browserTimeZone();
  const when = (iso: string) => formatDateTime(Date.parse(iso), timeZone);
  if (!devices.data) return null;
  if (devices.data.length === 0) return <Typography data-testid="devices-here-none">{t('trackingLocations.detail.noDevices')}</Typography>;
  return (
    <Table size="small" aria-label={t('trackingLocations.detail.devicesNow')} data-testid="devices-here">
      <TableHead>
        <TableRow>
          <TableCell>{t('trackingLocations.detail.device')}</TableCell>
          <TableCell>{t('trackingLocations.detail.since')}</TableCell>
          <TableCell>{t('trackingLocations.detail.lastMessage')}</TableCell>
          <TableCell align="right">{t('trackingLocations.detail.battery')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {devices.data.map((d) => (
          <TableRow key={d.device_id}>
            <TableCell>
              <Link component={RouterLink} to={`/device/${encodeURIComponent(d.device_id)}`}>
                {d.name}
              </Link>
            </TableCell>
            <TableCell>{when(d.since)}</TableCell>
            <TableCell>{when(d.last_message_at)}</TableCell>
            <TableCell align="right">{d.battery_pct === null ? '–' : `${formatNumber(d.battery_pct, i18n.language, 0)} %`}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
