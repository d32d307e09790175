import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '@gridlens/domain/date-format';
import { loadChunk } from '@/lib/chunk-load';
import { useAcknowledge, useActiveAlerts, type AnyActiveAlert } from '@/lib/api/alerts';
import { browserTimeZone } from '@/lib/api/config';
import { useAppStore } from '@/lib/app-store';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { LoadFailed } from '@/lib/ui/load-failed';
import { usePaging } from '@/lib/ui/use-paging';
import { deviceLink, useAlertKind } from './alert-kind';
import { useAlertText } from './alert-text';

type StateFilter = 'active' | 'acknowledged' | 'all';

const AlertHistoryDialog = lazy(() => loadChunk(() => import('./alert-history-dialog')));

/** Active Alerts: what holds now, newest first, refreshed every 30 s; each can be acknowledged and opens its device. */
export function ActiveAlertsTab() {
  const { t } = useTranslation();
  const text = useAlertText();
  const [state, setState] = useState<StateFilter>('all');
  const [historyOf, setHistoryOf] = useState<AnyActiveAlert | null>(null);
  const paging = usePaging(state);
  const kind = useAlertKind();
  const alerts = useActiveAlerts({ kind, state: state === 'all' ? null : state, page: paging.page, pageSize: paging.pageSize });
  const acknowledge = useAcknowledge(kind);
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const timeZone = browserTimeZone();

  const columns: DataColumn<AnyActiveAlert>[] = [
    {
      id: 'device',
      title: t('assets.columns.device_id'),
      cell: (a) => (
        <Link component={RouterLink} to={deviceLink(kind, a.device_id)}>
          {a.device_id}
        </Link>
      ),
    },
    { id: 'name', title: t('alerts.columns.fullName'), cell: (a) => a.full_name },
    {
      id: 'condition',
      title: t('alerts.columns.condition'),
      cell: (a) => text.condition(a),
    },
    {
      id: 'actual',
      title: t('alerts.columns.actualValue'),
      numeric: true,
      cell: (a) => text.actual(a),
    },
    { id: 'date', title: t('alerts.columns.triggerDate'), cell: (a) => formatDateTime(Date.parse(a.trigger_date), timeZone) },
    {
      id: 'state',
      title: t('alerts.columns.state'),
      cell: (a) =>
        a.state === 'active' ? (
          <Chip size="small" color="error" label={t('alerts.states.active')} />
        ) : (
          <Chip size="small" variant="outlined" label={t('alerts.acknowledgedBy', { name: a.acknowledged_by ?? '–' })} />
        ),
    },
    {
      id: 'action',
      title: t('alerts.columns.action'),
      cell: (a) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {a.state === 'active' && (
            <Button
              size="small"
              variant="outlined"
              disabled={acknowledge.isPending}
              onClick={() =>
                acknowledge.mutate(a.occurrence_id, {
                  onSuccess: () => showSnackbar(t('alerts.acknowledged')),
                  onError: () => showSnackbar(t('errors.error')),
                })
              }
              data-testid={`acknowledge-${a.device_id}`}
            >
              {t('alerts.acknowledge')}
            </Button>
          )}
          <IconButton size="small" aria-label={t('alerts.history')} onClick={() => setHistoryOf(a)} data-testid={`history-${a.device_id}`}>
            <HistoryIcon fontSize="small" />
          </IconButton>
        </Box>
      ),
    },
  ];

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="active-alerts-title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id="active-alerts-title" component="h2" variant="h6" sx={{ flex: 1 }}>
          {t('alerts.activeTitle', { total: alerts.data?.total ?? 0 })}
        </Typography>
        <TextField
          select
          size="small"
          label={t('alerts.columns.state')}
          value={state}
          onChange={(event) => setState(event.target.value as StateFilter)}
          sx={{ minWidth: 180 }}
          data-testid="alerts-state-filter"
        >
          <MenuItem value="all">{t('alerts.states.all')}</MenuItem>
          <MenuItem value="active">{t('alerts.states.active')}</MenuItem>
          <MenuItem value="acknowledged">{t('alerts.states.acknowledged')}</MenuItem>
        </TextField>
      </Box>
      {alerts.isError && <LoadFailed onRetry={() => void alerts.refetch()} />}
      {alerts.isPending ? (
        <Typography>{t('assetDetail.loadingTab')}</Typography>
      ) : !alerts.data ? null : alerts.data.items.length === 0 ? (
        <Typography data-testid="alerts-none">{t('alerts.noneActive')}</Typography>
      ) : (
        <DataTable
          label={t('alerts.tabs.active')}
          columns={columns}
          rows={alerts.data.items}
          rowKey={(a) => a.occurrence_id}
          paging={{ ...paging, total: alerts.data.total }}
          testId="active-alerts"
        />
      )}
      {historyOf && (
        <Suspense fallback={null}>
          <AlertHistoryDialog alert={historyOf} onClose={() => setHistoryOf(null)} />
        </Suspense>
      )}
    </Paper>
  );
}
