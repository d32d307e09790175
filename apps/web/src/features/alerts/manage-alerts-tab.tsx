import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PeopleIcon from '@mui/icons-material/People';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@gridlens/domain/number-format';
import { loadChunk } from '@/lib/chunk-load';
import { isTrackingRule, useAlertRules, useDeleteRule, type AnyAlertRule } from '@/lib/api/alerts';
import { useAppStore } from '@/lib/app-store';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { LoadFailed } from '@/lib/ui/load-failed';
import { useAlertKind } from './alert-kind';
import { useAlertText } from './alert-text';

// The dialogs (and the contract schemas they check with) load when first opened.
const AlertRuleDialog = lazy(() => loadChunk(() => import('./alert-rule-dialog')));
const TrackingRuleDialog = lazy(() => loadChunk(() => import('./tracking-rule-dialog')));
const RecipientsDialog = lazy(() => loadChunk(() => import('./recipients-dialog')));

type Open =
  { kind: 'rule'; rule: AnyAlertRule | null } | { kind: 'recipients'; rule: AnyAlertRule } | { kind: 'delete'; rule: AnyAlertRule } | null;

/** Manage Alerts: the tenant's rules, with create, edit, recipients and delete (after confirmation). */
export function ManageAlertsTab() {
  const { t, i18n } = useTranslation();
  const text = useAlertText();
  const kind = useAlertKind();
  const rules = useAlertRules(kind);
  const remove = useDeleteRule(kind);
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const [open, setOpen] = useState<Open>(null);
  const count = (value: number) => formatNumber(value, i18n.language, 0);

  const columns: DataColumn<AnyAlertRule>[] = [
    { id: 'devices', title: t('alerts.columns.devices'), cell: (r) => text.scope(kind, r.device_id, r.device_type) },
    {
      id: 'condition',
      title: t('alerts.columns.condition'),
      cell: (r) => text.condition(r),
    },
    { id: 'recipients', title: t('alerts.columns.recipients'), numeric: true, cell: (r) => count(r.recipient_count) },
    {
      id: 'active',
      title: t('alerts.columns.activeNow'),
      numeric: true,
      cell: (r) => count(r.active_count),
      emphasis: (r) => r.active_count > 0,
    },
    {
      id: 'actions',
      title: t('alerts.columns.action'),
      cell: (r) => (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <IconButton size="small" aria-label={t('alerts.edit')} onClick={() => setOpen({ kind: 'rule', rule: r })}>
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t('alerts.recipients')}
            onClick={() => setOpen({ kind: 'recipients', rule: r })}
            data-testid="open-recipients"
          >
            <PeopleIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={t('alerts.delete')} onClick={() => setOpen({ kind: 'delete', rule: r })}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ),
    },
  ];

  const confirmDelete = (rule: AnyAlertRule) =>
    remove.mutate(rule.alert_id, {
      onSuccess: () => {
        setOpen(null);
        showSnackbar(t('alerts.deleted'));
      },
      onError: () => showSnackbar(t('errors.error')),
    });

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="alert-rules-title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id="alert-rules-title" component="h2" variant="h6" sx={{ flex: 1 }}>
          {t('alerts.rulesTitle')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'rule', rule: null })} data-testid="new-alert">
          {t('alerts.newRule')}
        </Button>
      </Box>
      {rules.isError && <LoadFailed onRetry={() => void rules.refetch()} />}
      {rules.isPending ? (
        <Typography>{t('assetDetail.loadingTab')}</Typography>
      ) : !rules.data ? null : rules.data.length === 0 ? (
        <Typography data-testid="rules-none">{t(kind === 'tracking' ? 'alerts.tracking.noRules' : 'alerts.noRules')}</Typography>
      ) : (
        <DataTable label={t('alerts.rulesTitle')} columns={columns} rows={rules.data} rowKey={(r) => r.alert_id} testId="alert-rules" />
      )}
      <Suspense fallback={null}>
        {open?.kind === 'rule' &&
          (kind === 'tracking' ? (
            <TrackingRuleDialog rule={open.rule && isTrackingRule(open.rule) ? open.rule : null} onClose={() => setOpen(null)} />
          ) : (
            <AlertRuleDialog rule={open.rule && !isTrackingRule(open.rule) ? open.rule : null} onClose={() => setOpen(null)} />
          ))}
        {open?.kind === 'recipients' && <RecipientsDialog rule={open.rule} onClose={() => setOpen(null)} />}
      </Suspense>
      {open?.kind === 'delete' && (
        <Dialog open onClose={() => setOpen(null)} aria-labelledby="delete-alert-title">
          <DialogTitle id="delete-alert-title">{t('alerts.deleteTitle')}</DialogTitle>
          <DialogContent>
            <Typography>
              {t('alerts.deleteBody', {
                condition: text.condition(open.rule),
                devices: text.scope(kind, open.rule.device_id, open.rule.device_type),
              })}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(null)}>{t('alerts.cancel')}</Button>
            <Button
              color="error"
              variant="contained"
              disabled={remove.isPending}
              onClick={() => confirmDelete(open.rule)}
              data-testid="confirm-delete"
            >
              {t('alerts.delete')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Paper>
  );
}
