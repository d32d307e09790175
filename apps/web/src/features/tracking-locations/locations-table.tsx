import { useMemo, useState } from 'react';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Location } from '@gridlens/contract/tracking-locations';
import { formatNumber } from '@gridlens/domain/number-format';
import { DataTable, type DataColumn, type SortState } from '@/lib/ui/data-table';
import { useClientPaging } from '@/lib/ui/use-client-paging';

type SortKey = 'FullName' | 'LocationType' | 'CustomerName' | 'DeviceCount';

/** The POIs as a table, a page at a time, sortable by each column but the shape; the name opens the location. */
export function LocationsTable({ locations }: { locations: readonly Location[] }) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<SortState>({ columnId: 'FullName', direction: 'asc' });
  const sorted = useMemo(() => {
    const key = sort.columnId as SortKey;
    const collator = new Intl.Collator(i18n.language, { numeric: true });
    const rows = [...locations].sort((a, b) =>
      key === 'DeviceCount' ? a.DeviceCount - b.DeviceCount : collator.compare(a[key] ?? '', b[key] ?? ''),
    );
    return sort.direction === 'desc' ? rows.reverse() : rows;
  }, [locations, sort, i18n.language]);
  const { pageRows, paging } = useClientPaging(sorted);

  const columns: DataColumn<Location>[] = [
    {
      id: 'FullName',
      title: t('trackingLocations.fields.name'),
      cell: (l) => (
        <Link component={RouterLink} to={`/location/${encodeURIComponent(l.LocationID)}`}>
          {l.FullName}
        </Link>
      ),
    },
    { id: 'LocationType', title: t('trackingLocations.fields.type'), cell: (l) => t(`trackingLocations.types.${l.LocationType}`) },
    { id: 'CustomerName', title: t('trackingLocations.fields.customer'), cell: (l) => l.CustomerName ?? '–' },
    {
      id: 'DeviceCount',
      title: t('trackingLocations.fields.devicesNow'),
      numeric: true,
      cell: (l) => formatNumber(l.DeviceCount, i18n.language, 0),
    },
    { id: 'Shape', title: t('trackingLocations.fields.shape'), sortable: false, cell: (l) => t(`trackingLocations.shapes.${l.Shape}`) },
  ];
  return (
    <DataTable
      label={t('trackingLocations.tableLabel')}
      columns={columns}
      rows={pageRows}
      rowKey={(l) => l.LocationID}
      paging={paging}
      sort={{ ...sort, onSort: setSort }}
      testId="locations-table"
      rowTestId={() => 'location-row'}
    />
  );
}
