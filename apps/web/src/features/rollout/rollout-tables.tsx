import { useMemo, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import HistoryIcon from '@mui/icons-material/History';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PlannerGroupRow, RolloutDevice, SilentDevice, Site } from '@gridlens/contract/rollout';
import { formatDate, formatDateTime } from '@gridlens/domain/date-format';
import { DEVICE_STATUSES } from '@gridlens/domain/power/enumerations';
import { BUILT_IN_ABORT_REASONS, SITE_STATES } from '@gridlens/domain/rollout/plan';
import { formatNumber } from '@gridlens/domain/number-format';
import { browserTimeZone } from '@/lib/api/config';
import { useAbortReasons } from '@/lib/api/rollout';
import { DeviceHistoryDialog } from './device-history-dialog';
import { Pending, RolloutTable, type RolloutColumn } from './rollout-table';
import { deviceStatusKey } from './status-words';

const ALL = 'all';

/** The asset page of a device, where its readings and registry details are. */
export const assetPath = (deviceId: string) => `/asset/${encodeURIComponent(deviceId)}`;

function AssetLink({ deviceId, testId }: { deviceId: string; testId?: string }) {
  return (
    <Link component={RouterLink} to={assetPath(deviceId)} data-testid={testId}>
      {deviceId}
    </Link>
  );
}

/** A date and time in the user's zone, or null. */
const dateTime = (iso: string | null) => (iso === null ? null : formatDateTime(Date.parse(iso), browserTimeZone()));
const weekDate = (monday: string | null) => (monday === null ? null : formatDate(Date.parse(`${monday}T00:00:00Z`), 'UTC'));

/** A choice among values, "all" first: the tables' filters. */
function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  options: readonly { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ALL}
      onChange={(event) => onChange(event.target.value === ALL ? null : event.target.value)}
      sx={{ minWidth: 160 }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': id } as object } }}
    >
      <MenuItem value={ALL}>{t('rollout.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The abort reason's words: the screen's for a built-in code, the tenant's own label for theirs. */
function useAbortReasonText() {
  const { t } = useTranslation();
  const reasons = useAbortReasons();
  return (code: string | null) => {
    if (code === null) return null;
    if ((BUILT_IN_ABORT_REASONS as readonly string[]).includes(code)) return t(`rollout.abortReasons.${code}`);
    return reasons.data?.find((reason) => reason.code === code)?.label ?? code;
  };
}

interface SitesTableProps {
  sites: UseQueryResult<Site[]>;
  groups: readonly PlannerGroupRow[];
  state: string | null;
  onState: (state: string | null) => void;
  toolbar: ReactNode;
}

/** The plan's sites: state, planner group, planned week, device (linking to its asset page), abort. */
export function SitesTable({ sites, groups, state, onState, toolbar }: SitesTableProps) {
  const { t, i18n } = useTranslation();
  const [groupId, setGroupId] = useState<string | null>(null);
  const abortText = useAbortReasonText();
  const columns = useMemo(
    (): RolloutColumn<Site>[] => [
      { id: 'site_id', title: t('rollout.columns.site'), text: (row) => row.site_id },
      { id: 'name', title: t('rollout.columns.siteName'), text: (row) => row.name },
      { id: 'state', title: t('rollout.columns.state'), text: (row) => t(`rollout.siteStates.${row.state}`) },
      { id: 'group', title: t('rollout.columns.group'), text: (row) => row.group_name },
      { id: 'planned_week', title: t('rollout.columns.plannedWeek'), text: (row) => weekDate(row.planned_week) },
      {
        id: 'device',
        title: t('rollout.columns.device'),
        text: (row) => row.device_id,
        cell: (row) => (row.device_id ? <AssetLink deviceId={row.device_id} testId={`site-device-${row.site_id}`} /> : '–'),
      },
      {
        id: 'device_status',
        title: t('assets.columns.device_status'),
        text: (row) => (row.device_status ? t(deviceStatusKey(row.device_status)) : null),
      },
      { id: 'installed_at', title: t('rollout.columns.installedAt'), text: (row) => dateTime(row.installed_at) },
      {
        id: 'attempts',
        title: t('rollout.columns.attempts'),
        numeric: true,
        value: (row) => row.attempts,
        text: (row) => formatNumber(row.attempts, i18n.language, 0),
      },
      { id: 'abort_reason', title: t('rollout.columns.abortReason'), text: (row) => abortText(row.abort_reason) },
      { id: 'aborted_at', title: t('rollout.columns.abortedAt'), text: (row) => dateTime(row.aborted_at) },
      { id: 'notes', title: t('rollout.columns.notes'), text: (row) => row.notes },
    ],
    [t, i18n.language, abortText],
  );
  const rows = useMemo(
    () => (sites.data ?? []).filter((site) => (state === null || site.state === state) && (groupId === null || site.group_id === groupId)),
    [sites.data, state, groupId],
  );
  if (!sites.data) return <Pending query={sites} />;
  return (
    <RolloutTable
      tableId="rollout-sites"
      title={t('rollout.sites.title')}
      label={t('rollout.sites.title')}
      rows={rows}
      columns={columns}
      hiddenAtFirst={['installed_at', 'aborted_at', 'notes', 'attempts']}
      rowKey={(row) => row.site_id}
      exportName="rollout-sites"
      sheetName={t('rollout.sites.title')}
      toolbar={
        <>
          <FilterSelect
            id="sites-state-filter"
            label={t('rollout.columns.state')}
            value={state}
            onChange={onState}
            options={SITE_STATES.map((value) => ({ value, label: t(`rollout.siteStates.${value}`) }))}
          />
          <FilterSelect
            id="sites-group-filter"
            label={t('rollout.columns.group')}
            value={groupId}
            onChange={setGroupId}
            options={groups.map((group) => ({ value: group.group_id, label: group.name }))}
          />
          {toolbar}
        </>
      }
    />
  );
}

interface DevicesTableProps {
  devices: UseQueryResult<RolloutDevice[]>;
  groups: readonly PlannerGroupRow[];
  status: string | null;
  onStatus: (status: string | null) => void;
}

/** The monitors of the rollout: device and installation status, site, group, last message, the installer's last test. */
export function DevicesTable({ devices, groups, status, onStatus }: DevicesTableProps) {
  const { t } = useTranslation();
  const [groupId, setGroupId] = useState<string | null>(null);
  const [history, setHistory] = useState<string | null>(null);
  const columns = useMemo(
    (): RolloutColumn<RolloutDevice>[] => [
      {
        id: 'device_id',
        title: t('rollout.columns.device'),
        text: (row) => row.device_id,
        cell: (row) => <AssetLink deviceId={row.device_id} testId={`device-link-${row.device_id}`} />,
      },
      { id: 'name', title: t('rollout.columns.transformerName'), text: (row) => row.name },
      { id: 'device_status', title: t('assets.columns.device_status'), text: (row) => t(deviceStatusKey(row.device_status)) },
      {
        id: 'installation_status',
        title: t('rollout.columns.installationStatus'),
        text: (row) => t(deviceStatusKey(row.installation_status)),
      },
      { id: 'status_since', title: t('rollout.columns.statusSince'), text: (row) => dateTime(row.status_since) },
      { id: 'site', title: t('rollout.columns.site'), text: (row) => row.site_id },
      { id: 'group', title: t('rollout.columns.group'), text: (row) => row.group_name },
      { id: 'last_message', title: t('rollout.columns.lastMessage'), text: (row) => dateTime(row.last_message_at) },
      { id: 'last_test', title: t('rollout.columns.lastTest'), text: (row) => testText(t, row.last_test) },
      {
        id: 'history',
        title: t('rollout.columns.history'),
        text: () => null,
        cell: (row) => (
          <Button
            size="small"
            startIcon={<HistoryIcon />}
            onClick={() => setHistory(row.device_id)}
            aria-label={t('rollout.history.open', { device: row.device_id })}
            data-testid={`history-${row.device_id}`}
          >
            {t('rollout.columns.history')}
          </Button>
        ),
      },
    ],
    [t],
  );
  const rows = useMemo(
    () =>
      (devices.data ?? []).filter(
        (device) => (status === null || device.device_status === status) && (groupId === null || device.group_id === groupId),
      ),
    [devices.data, status, groupId],
  );
  if (!devices.data) return <Pending query={devices} />;
  return (
    <>
      <RolloutTable
        tableId="rollout-devices"
        title={t('rollout.devices.title')}
        label={t('rollout.devices.title')}
        rows={rows}
        columns={columns}
        hiddenAtFirst={['status_since', 'installation_status']}
        rowKey={(row) => row.device_id}
        exportName="rollout-devices"
        sheetName={t('rollout.devices.title')}
        toolbar={
          <>
            <FilterSelect
              id="devices-status-filter"
              label={t('assets.columns.device_status')}
              value={status}
              onChange={onStatus}
              options={DEVICE_STATUSES.map((value) => ({ value, label: t(deviceStatusKey(value)) }))}
            />
            <FilterSelect
              id="devices-group-filter"
              label={t('rollout.columns.group')}
              value={groupId}
              onChange={setGroupId}
              options={groups.map((group) => ({ value: group.group_id, label: group.name }))}
            />
          </>
        }
      />
      {history !== null && <DeviceHistoryDialog deviceId={history} onClose={() => setHistory(null)} />}
    </>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** The installer's last device test: when, and whether it passed. */
function testText(t: Translate, test: RolloutDevice['last_test']): string | null {
  if (test === null) return null;
  return t(test.passed ? 'rollout.test.passed' : 'rollout.test.failed', { at: dateTime(test.at) ?? '' });
}

/** The installed-but-silent queue, oldest first as the server sends it: each device links to its asset page. */
export function SilentQueue({ silent }: { silent: UseQueryResult<SilentDevice[]> }) {
  const { t } = useTranslation();
  const columns = useMemo(
    (): RolloutColumn<SilentDevice>[] => [
      {
        id: 'device_id',
        title: t('rollout.columns.device'),
        text: (row) => row.device_id,
        cell: (row) => <AssetLink deviceId={row.device_id} testId={`silent-link-${row.device_id}`} />,
      },
      { id: 'name', title: t('rollout.columns.transformerName'), text: (row) => row.name },
      { id: 'silent_since', title: t('rollout.columns.silentSince'), text: (row) => dateTime(row.silent_since) },
      {
        id: 'last_message',
        title: t('rollout.columns.lastMessage'),
        text: (row) => dateTime(row.last_message_at) ?? t('rollout.silent.never'),
      },
      { id: 'last_test', title: t('rollout.columns.lastTest'), text: (row) => testText(t, row.last_test) ?? t('rollout.test.none') },
      { id: 'site', title: t('rollout.columns.site'), text: (row) => row.site_id },
      { id: 'group', title: t('rollout.columns.group'), text: (row) => row.group_name },
      { id: 'device_status', title: t('assets.columns.device_status'), text: (row) => t(deviceStatusKey(row.device_status)) },
    ],
    [t],
  );
  if (!silent.data) return <Pending query={silent} />;
  return (
    <RolloutTable
      tableId="silent-queue"
      title={t('rollout.silent.title')}
      label={t('rollout.silent.title')}
      rows={silent.data}
      columns={columns}
      rowKey={(row) => row.device_id}
      exportName="installed-but-silent"
      sheetName={t('rollout.silent.title')}
    />
  );
}
