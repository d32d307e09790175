import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Location } from '@gridlens/contract/tracking-locations';

type SortKey = 'FullName' | 'LocationType' | 'CustomerName' | 'DeviceCount';
const COLUMNS: readonly SortKey[] = ['FullName', 'LocationType', 'CustomerName', 'DeviceCount'];
const COLUMN_KEYS: Record<SortKey, string> = {
  FullName: 'locations.fields.name',
  LocationType: 'locations.fields.type',
  CustomerName: 'locations.fields.customer',
  DeviceCount: 'locations.fields.devicesNow',
};

/** The POIs as a table, sortable by each column; the name opens the location. */
export function LocationsTable({ locations }: { locations: readonly Location[] }) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: 'FullName', descending: false });
  const sorted = useMemo(() => {
    const collator = new Intl.Collator(i18n.language, { numeric: true });
    const rows = [...locations].sort((a, b) =>
      sort.key === 'DeviceCount' ? a.DeviceCount - b.DeviceCount : collator.compare(a[sort.key] ?? '', b[sort.key] ?? ''),
    );
    return sort.descending ? rows.reverse() : rows;
  }, [locations, sort, i18n.language]);

  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('locations.tableLabel')} data-testid="locations-table">
        <TableHead>
          <TableRow>
            {COLUMNS.map((key) => (
              <TableCell
                key={key}
                align={key === 'DeviceCount' ? 'right' : 'left'}
                sortDirection={sort.key === key ? (sort.descending ? 'desc' : 'asc') : false}
              >
                <TableSortLabel
                  active={sort.key === key}
                  direction={sort.key === key && sort.descending ? 'desc' : 'asc'}
                  onClick={() => setSort((old) => ({ key, descending: old.key === key ? !old.descending : false }))}
                >
                  {t(COLUMN_KEYS[key])}
                </TableSortLabel>
              </TableCell>
            ))}
            <TableCell>{t('locations.fields.shape')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((l) => (
            <TableRow key={l.LocationID} data-testid="location-row">
              <TableCell>
                <Link component={RouterLink} to={`/location/${encodeURIComponent(l.LocationID)}`}>
                  {l.FullName}
                </Link>
              </TableCell>
              <TableCell>{t(`locations.types.${l.LocationType}`)}</TableCell>
              <TableCell>{l.CustomerName ?? '–'}</TableCell>
              <TableCell align="right">{l.DeviceCount}</TableCell>
              <TableCell>{t(`locations.shapes.${l.Shape}`)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
