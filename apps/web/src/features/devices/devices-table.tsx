import { useState } from 'react';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TrackedDevice } from '@gridlens/contract/tracking';
import { formatNumber } from '@gridlens/domain/number-format';
import { NUMERIC_FIELDS, type DeviceField, type DeviceSort } from './device-rows';
import type { useDeviceText } from './use-device-text';

interface DevicesTableProps {
  rows: readonly TrackedDevice[];
  fields: readonly DeviceField[];
  sort: DeviceSort;
  onSort: (sort: DeviceSort) => void;
  text: ReturnType<typeof useDeviceText>;
}

const PAGE_SIZES = [25, 100, 500];

/** The devices of the fleet, a page at a time (10,000 rows would be 100,000 cells), sortable by any column. */
export function DevicesTable({ rows, fields, sort, onSort, text }: DevicesTableProps) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => formatNumber(value, i18n.language, 0);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(100);
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  const pageRows = rows.slice(shownPage * pageSize, (shownPage + 1) * pageSize);
  const title = (field: DeviceField) => t(`devices.columns.${field}`);
  return (
    <>
      <TableContainer sx={{ maxHeight: 640 }} tabIndex={0} role="region" aria-label={t('devices.tableLabel')}>
        <Table size="small" stickyHeader aria-label={t('devices.tableLabel')} data-testid="devices-table">
          <TableHead>
            <TableRow>
              {fields.map((field) => (
                <TableCell
                  key={field}
                  align={NUMERIC_FIELDS.has(field) ? 'right' : 'left'}
                  sx={{ whiteSpace: 'nowrap' }}
                  sortDirection={sort.field === field ? sort.direction : false}
                >
                  <TableSortLabel
                    active={sort.field === field}
                    direction={sort.field === field ? sort.direction : 'asc'}
                    onClick={() => onSort({ field, direction: sort.field === field && sort.direction === 'asc' ? 'desc' : 'asc' })}
                  >
                    {title(field)}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.map((device) => (
              <TableRow key={device.device_id} hover data-testid={`device-row-${device.device_id}`}>
                {fields.map((field) => (
                  <TableCell
                    key={field}
                    align={NUMERIC_FIELDS.has(field) ? 'right' : 'left'}
                    sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {field === 'name' ? (
                      <>
                        <Link component={RouterLink} to={`/device/${encodeURIComponent(device.device_id)}`}>
                          {device.name}
                        </Link>
                        <Typography variant="caption" color="text.secondary" component="div">
                          {device.device_id}
                        </Typography>
                      </>
                    ) : (
                      text(device, field)
                    )}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={shownPage}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        // The same words as every other paged table (MUI's own are English only).
        labelRowsPerPage={t('assetDetail.rowsPerPage')}
        labelDisplayedRows={({ from, to, count: total }) =>
          t('assetDetail.displayedRows', { from: count(from), to: count(to), count: count(total) })
        }
        getItemAriaLabel={(type) => t(`assetDetail.pagination.${type}`)}
      />
    </>
  );
}
