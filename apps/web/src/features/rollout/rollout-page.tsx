import { lazy, Suspense, useContext, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { RolloutSummary } from '@gridlens/contract/rollout';
import { formatDate } from '@gridlens/domain/date-format';
import { DEVICE_STATUSES, INSTALLATION_STATUSES } from '@gridlens/domain/power/enumerations';
import { ADMIN_ROLE, hasRole } from '@gridlens/domain/roles';
import { SITE_STATES } from '@gridlens/domain/rollout/plan';
import { formatNumber } from '@gridlens/domain/number-format';
import { browserTimeZone } from '@/lib/api/config';
import { usePlannerGroups, useRolloutDevices, useRolloutSites, useRolloutSummary, useSilentDevices } from '@/lib/api/rollout';
import { loadChunk } from '@/lib/chunk-load';
import { ClientConfigContext } from '@/lib/client-config-context';
import { enumKey } from '@/lib/enum-key';
import { useIdentity } from '@/lib/use-identity';
import { useNearViewport } from '@/lib/use-near-viewport';
import { ChartPanel } from '@/lib/ui/chart-panel';
import { LoadFailed } from '@/lib/ui/load-failed';
import { SummaryDonut } from '@/lib/ui/summary-donut';
import { burnUpOf, DEVICE_STATUS_TONES, SITE_STATE_TONES, weekTickLabel } from './rollout-model';
import { PlannerGroupsSection } from './planner-groups-section';
import { DevicesTable, SilentQueue, SitesTable } from './rollout-tables';
import { PlanFiles } from './plan-files';
import { deviceStatusKey } from './status-words';

const SitesMap = lazy(() => loadChunk(() => import('./sites-map')));

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 360px), 1fr))' } as const;

/** The rollout dashboard (/rollout, spec §1 and §2): the installation programme at a glance and in detail. */
export function RolloutPage() {
  const { t, i18n } = useTranslation();
  const summary = useRolloutSummary();
  const groups = usePlannerGroups();
  const sites = useRolloutSites();
  const devices = useRolloutDevices();
  const silent = useSilentDevices();
  const identity = useIdentity();
  const admin = identity !== null && hasRole(identity.roles, ADMIN_ROLE);
  const mapTiles = useContext(ClientConfigContext)?.mapTiles ?? null;
  const { ref: mapSection, near: showMap } = useNearViewport();
  const [deviceStatus, setDeviceStatus] = useState<string | null>(null);
  const [siteState, setSiteState] = useState<string | null>(null);
  const count = (value: number) => formatNumber(value, i18n.language, 0);

  if (summary.isPending) return <Typography sx={{ p: 2 }}>{t('rollout.loading')}</Typography>;
  if (!summary.data) return <LoadFailed onRetry={() => void summary.refetch()} />;
  const figures = summary.data;

  return (
    <Box data-testid="rollout-page" sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Totals totals={figures.totals} count={count} />
      {figures.totals.sites === 0 && (
        <Typography data-testid="rollout-empty" sx={{ p: 1 }}>
          {t('rollout.noPlan')}
        </Typography>
      )}
      <BurnUpSection summary={figures} />
      <Box component="section" aria-label={t('rollout.overview')} sx={GRID}>
        <SummaryDonut
          chartId="device-status"
          title={t('assets.columns.device_status')}
          formatCount={count}
          onSelect={(_chart, key) => setDeviceStatus((current) => (current === key ? null : key))}
          segments={DEVICE_STATUSES.map((status) => ({
            key: status,
            label: t(deviceStatusKey(status)),
            count: figures.devices_by_status[status] ?? 0,
            tone: DEVICE_STATUS_TONES[status],
            selected: deviceStatus === status,
          }))}
        />
        <SummaryDonut
          chartId="site-state"
          title={t('rollout.charts.siteState')}
          formatCount={count}
          onSelect={(_chart, key) => setSiteState((current) => (current === key ? null : key))}
          segments={SITE_STATES.map((state) => ({
            key: state,
            label: t(`rollout.siteStates.${state}`),
            count: figures.sites_by_state[state] ?? 0,
            tone: SITE_STATE_TONES[state],
            selected: siteState === state,
          }))}
        />
        <SummaryDonut
          chartId="installation-status"
          title={t('rollout.charts.installationStatus')}
          formatCount={count}
          segments={INSTALLATION_STATUSES.map((status) => ({
            key: enumKey(status),
            label: t(deviceStatusKey(status)),
            count: figures.sites_by_installation_status[status] ?? 0,
            tone: status === 'Installed' ? 'success' : 'neutral',
            selected: false,
          }))}
        />
      </Box>
      <PlannerGroupsSection groups={groups} admin={admin} />
      <SilentQueue silent={silent} />
      <SitesTable
        sites={sites}
        groups={groups.data ?? []}
        state={siteState}
        onState={setSiteState}
        toolbar={<PlanFiles kind="sites" admin={admin} />}
      />
      <DevicesTable devices={devices} groups={groups.data ?? []} status={deviceStatus} onStatus={setDeviceStatus} />
      <Paper ref={mapSection} variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="rollout-map-title">
        <Typography id="rollout-map-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('rollout.mapTitle')}
        </Typography>
        {showMap && sites.data ? (
          <Suspense fallback={<Box sx={{ height: 420 }} />}>
            <SitesMap sites={sites.data} tiles={mapTiles} />
          </Suspense>
        ) : (
          <Box sx={{ height: 420 }} />
        )}
      </Paper>
    </Box>
  );
}

const TOTALS = ['sites', 'devices', 'installed', 'active', 'aborted', 'silent'] as const;

function Totals({ totals, count }: { totals: RolloutSummary['totals']; count: (value: number) => string }) {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-label={t('rollout.totalsLabel')}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 150px), 1fr))' }}
    >
      {TOTALS.map((id) => (
        <Paper key={id} variant="outlined" sx={{ p: 2 }} data-testid={`total-${id}`}>
          <Typography variant="body2" color="text.secondary" component="h2">
            {t(`rollout.totals.${id}`)}
          </Typography>
          <Typography variant="h4" component="p" data-testid={`total-${id}-value`} sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {count(totals[id])}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

const ALL = 'all';

/** Planned against installed, week by week and cumulative, for the programme or one planner group. */
function BurnUpSection({ summary }: { summary: RolloutSummary }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const [groupId, setGroupId] = useState<string>(ALL);
  const timeZone = browserTimeZone();
  const chosen = summary.burn_up.groups.some((group) => group.group_id === groupId) ? groupId : ALL;
  const burnUp = useMemo(() => burnUpOf(summary.burn_up, chosen === ALL ? null : chosen), [summary.burn_up, chosen]);
  const dark = theme.palette.mode === 'dark';
  // Mondays are midnight UTC on the chart: their dates are read in UTC, whatever the browser's zone.
  const week = (ms: number) => formatDate(ms, 'UTC');
  const number = (value: number, decimals = 0) => formatNumber(value, i18n.language, decimals);
  const groupName = summary.burn_up.groups.find((group) => group.group_id === chosen)?.name;
  const title = groupName ? t('rollout.burnUp.titleOfGroup', { group: groupName }) : t('rollout.burnUp.title');

  return (
    <Box component="section" aria-label={t('rollout.burnUp.title')} sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('rollout.columns.group')}
          value={chosen}
          onChange={(event) => setGroupId(event.target.value)}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'burn-up-group' } as object } }}
        >
          <MenuItem value={ALL}>{t('rollout.allGroups')}</MenuItem>
          {summary.burn_up.groups.map((group) => (
            <MenuItem key={group.group_id} value={group.group_id}>
              {group.name}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" data-testid="burn-up-current-week">
          {t('rollout.burnUp.currentWeek', { week: week(Date.parse(`${summary.burn_up.current_week}T00:00:00Z`)), zone: timeZone })}
        </Typography>
      </Box>
      {burnUp === null ? (
        <Typography sx={{ p: 2 }} data-testid="burn-up-empty">
          {t('messages.noData')}
        </Typography>
      ) : (
        <ChartPanel
          panelId="burn-up"
          title={title}
          description={t('rollout.burnUp.description', {
            chart: title,
            from: week(burnUp.xRange.fromMs),
            to: week(burnUp.data[0].at(-1) ?? burnUp.xRange.fromMs),
          })}
          lines={[
            { label: t('rollout.burnUp.planned'), colour: dark ? '#90caf9' : '#1565c0', dashed: true },
            { label: t('rollout.burnUp.installed'), colour: dark ? '#a5d6a7' : '#2e7d32', dashed: false },
          ]}
          timeLabel={t('rollout.burnUp.week')}
          data={burnUp.data}
          xRange={burnUp.xRange}
          syncKey="rollout-burn-up"
          formatValue={(value) => number(value)}
          formatTick={(value, decimals) => number(value, decimals)}
          formatTime={week}
          formatAxisTime={(ms) => weekTickLabel(ms, (day) => week(day).slice(0, 5))}
          partialFromMs={burnUp.partialFromMs}
          partialToMs={burnUp.partialToMs}
          partialLabel={t('rollout.burnUp.underWay')}
        />
      )}
    </Box>
  );
}
