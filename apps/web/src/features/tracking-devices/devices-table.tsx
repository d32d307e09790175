import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TrackedDevice } from '@gridlens/contract/tracking';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { useClientPaging } from '@/lib/ui/use-client-paging';
import { FIELD_SHOWN_FROM, NUMERIC_FIELDS, type DeviceField, type DeviceSort } from './device-rows';
import type { useDeviceText } from './use-device-text';

interface DevicesTableProps {
  rows: readonly TrackedDevice[];
  fields: readonly DeviceField[];
  sort: DeviceSort;
  onSort: (sort: DeviceSort) => void;
  text: ReturnType<typeof useDeviceText>;
}

/** A place's name kept to a width the other columns leave room beside, cut with an ellipsis, whole on hover. */
function LongText({ text }: { text: string }) {
  return (
    <Box component="span" title={text} sx={{ display: 'block', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {text}
    </Box>
  );
}

/** The devices of the fleet, a page at a time (10,000 rows would be 100,000 cells), sortable by any column. */
export function DevicesTable({ rows, fields, sort, onSort, text }: DevicesTableProps) {
  const { t } = useTranslation();
  const { pageRows, paging } = useClientPaging(rows);
  const columns: DataColumn<TrackedDevice>[] = fields.map((field) => ({
    id: field,
    title: t(`trackingDevices.columns.${field}`),
    numeric: NUMERIC_FIELDS.has(field),
    shownFrom: FIELD_SHOWN_FROM[field],
    cell: (device) =>
      field === 'name' ? (
        <>
          <Link component={RouterLink} to={`/device/${encodeURIComponent(device.device_id)}`}>
            {device.name}
          </Link>
          <Typography variant="caption" color="text.secondary" component="div">
            {device.device_id}
          </Typography>
        </>
      ) : field === 'location_name' ? (
        <LongText text={text(device, field)} />
      ) : (
        text(device, field)
      ),
  }));
  return (
    <DataTable
      label={t('trackingDevices.tableLabel')}
      columns={columns}
      rows={pageRows}
      rowKey={(device) => device.device_id}
      paging={paging}
      sort={{
        columnId: sort.field,
        direction: sort.direction,
        onSort: (next) => onSort({ field: next.columnId as DeviceField, direction: next.direction }),
      }}
      testId="devices-table"
      rowTestId={(device) => `device-row-${device.device_id}`}
    />
  );
}
