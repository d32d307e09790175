import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlannerGroupRow } from '@gridlens/contract/rollout';
import { NAME_MAX, WEEKLY_TARGET_MAX } from '@gridlens/domain/rollout/plan';
import { formatNumber } from '@gridlens/domain/number-format';
import { ApiRequestError } from '@/lib/api/api-client';
import { useDeletePlannerGroup, useSavePlannerGroup } from '@/lib/api/rollout';
import { useAppStore } from '@/lib/app-store';
import type { FieldProblem } from '@/lib/field-problem';
import { percentText, PLAN_TONES, serverProblem, validateGroup, type GroupField, type GroupForm } from './rollout-model';
import { PlanFiles } from './plan-files';
import { Pending, RolloutTable, type RolloutColumn } from './rollout-table';

interface Props {
  groups: UseQueryResult<PlannerGroupRow[]>;
  /** Administrators add, edit and delete groups; everyone else reads. */
  admin: boolean;
}

/** The planner groups against their plan: the table, and for administrators the edit dialog. */
export function PlannerGroupsSection({ groups, admin }: Props) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<PlannerGroupRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PlannerGroupRow | null>(null);
  const count = (value: number) => formatNumber(value, i18n.language, 0);

  const columns = useMemo((): RolloutColumn<PlannerGroupRow>[] => {
    const planText = (row: PlannerGroupRow) =>
      row.plan_state === 'on_plan'
        ? t('rollout.planStates.on_plan')
        : t(`rollout.planStates.${row.plan_state}`, { sites: count(Math.abs(row.ahead_by)) });
    const list: RolloutColumn<PlannerGroupRow>[] = [
      { id: 'name', title: t('rollout.columns.group'), text: (row) => row.name },
      { id: 'region', title: t('rollout.columns.region'), text: (row) => row.region },
      { id: 'contact', title: t('rollout.columns.contact'), text: (row) => row.contact, shownFrom: 900 },
      num('weekly_target', t('rollout.columns.weeklyTarget'), (row) => row.weekly_target, count),
      num('sites', t('rollout.totals.sites'), (row) => row.sites, count),
      num('planned', t('rollout.columns.plannedToDate'), (row) => row.planned_to_date, count),
      num('installed', t('rollout.totals.installed'), (row) => row.installed, count),
      num('aborted', t('rollout.totals.aborted'), (row) => row.aborted, count),
      {
        id: 'success',
        title: t('rollout.columns.firstTimeSuccess'),
        numeric: true,
        text: (row) => percentText(row.first_time_success_rate, i18n.language),
        value: (row) => row.first_time_success_rate,
      },
      {
        id: 'plan',
        title: t('rollout.columns.againstPlan'),
        text: planText,
        value: (row) => row.ahead_by,
        cell: (row) => (
          <Chip
            size="small"
            variant={row.plan_state === 'on_plan' ? 'outlined' : 'filled'}
            color={PLAN_TONES[row.plan_state]}
            label={planText(row)}
            data-testid={`plan-state-${row.plan_state}`}
          />
        ),
      },
      num('silent', t('rollout.totals.silent'), (row) => row.silent, count),
    ];
    if (admin)
      list.push({
        id: 'actions',
        title: t('rollout.columns.actions'),
        text: () => null,
        cell: (row) => (
          <Box sx={{ display: 'flex' }}>
            <IconButton
              size="small"
              aria-label={t('rollout.groups.edit', { group: row.name })}
              onClick={() => setEditing(row)}
              data-testid={`edit-group-${row.name}`}
            >
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label={t('rollout.groups.delete', { group: row.name })} onClick={() => setDeleting(row)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ),
      });
    return list;
  }, [t, i18n.language, admin]); // eslint-disable-line react-hooks/exhaustive-deps -- count follows i18n.language

  if (!groups.data) return <Pending query={groups} />;

  return (
    <>
      <RolloutTable
        tableId="planner-groups"
        title={t('rollout.groups.title')}
        label={t('rollout.groups.title')}
        rows={groups.data}
        columns={columns}
        hiddenAtFirst={['contact', 'weekly_target']}
        rowKey={(row) => row.group_id}
        exportName="planner-groups"
        sheetName={t('rollout.groups.title')}
        toolbar={
          <>
            {admin && (
              <Button startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="add-group">
                {t('rollout.groups.add')}
              </Button>
            )}
            <PlanFiles kind="groups" admin={admin} />
          </>
        }
      />
      {editing !== null && <GroupDialog group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting !== null && <DeleteGroupDialog group={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

const num = (
  id: string,
  title: string,
  value: (row: PlannerGroupRow) => number,
  count: (value: number) => string,
): RolloutColumn<PlannerGroupRow> => ({ id, title, numeric: true, value, text: (row) => count(value(row)) });

const FIELDS: readonly GroupField[] = ['name', 'region', 'contact', 'weekly_target'];

/** Adds or edits a planner group: checked as the server checks it, and the server's refusals shown on their fields. */
function GroupDialog({ group, onClose }: { group: PlannerGroupRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePlannerGroup();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const [form, setForm] = useState<GroupForm>({
    name: group?.name ?? '',
    region: group?.region ?? '',
    contact: group?.contact ?? '',
    weekly_target: String(group?.weekly_target ?? 0),
  });
  const [problems, setProblems] = useState<Partial<Record<GroupField, FieldProblem>>>({});
  const problemText = (problem: FieldProblem | undefined) => (problem ? t(problem.key, problem.values) : undefined);

  const submit = () => {
    const { body, problems: found } = validateGroup(form, NAME_MAX, WEEKLY_TARGET_MAX);
    setProblems(found);
    if (!body) return;
    save.mutate(
      { id: group?.group_id ?? null, body },
      {
        onSuccess: () => {
          showSnackbar(t('rollout.groups.saved'));
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiRequestError)) return showSnackbar(t('errors.error'));
          if (error.status === 409) return setProblems({ name: { key: 'rollout.groupDialog.nameTaken' } });
          const onFields = error.details.filter((d): d is { field: GroupField; message: string } =>
            (FIELDS as readonly string[]).includes(d.field),
          );
          if (onFields.length === 0) return showSnackbar(t('errors.error'));
          setProblems(Object.fromEntries(onFields.map((d) => [d.field, serverProblem(d.message)])));
        },
      },
    );
  };

  const field = (name: GroupField, label: string, extra: object = {}) => (
    <TextField
      key={name}
      label={label}
      value={form[name]}
      onChange={(event) => setForm((current) => ({ ...current, [name]: event.target.value }))}
      error={problems[name] !== undefined}
      helperText={problemText(problems[name])}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `group-${name}` } }}
      {...extra}
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="group-dialog-title">
      <DialogTitle id="group-dialog-title">{group ? t('rollout.groupDialog.editTitle') : t('rollout.groupDialog.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {field('name', t('rollout.columns.group'), { required: true })}
          {field('region', t('rollout.columns.region'))}
          {field('contact', t('rollout.columns.contact'))}
          {field('weekly_target', t('rollout.columns.weeklyTarget'), {
            required: true,
            slotProps: { htmlInput: { 'data-testid': 'group-weekly_target', inputMode: 'numeric' } },
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('rollout.cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={save.isPending} data-testid="save-group">
          {t('rollout.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeleteGroupDialog({ group, onClose }: { group: PlannerGroupRow; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeletePlannerGroup();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const confirm = () =>
    remove.mutate(group.group_id, {
      onSuccess: () => {
        showSnackbar(t('rollout.groups.deleted'));
        onClose();
      },
      onError: (error) =>
        showSnackbar(error instanceof ApiRequestError && error.status === 409 ? t('rollout.groups.hasSites') : t('errors.error')),
    });
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-group-title">
      <DialogTitle id="delete-group-title">{t('rollout.groups.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('rollout.groups.deleteBody', { group: group.name })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('rollout.cancel')}</Button>
        <Button color="error" variant="contained" onClick={confirm} loading={remove.isPending} data-testid="confirm-delete-group">
          {t('rollout.groups.deleteConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
