import type {
  AbortBody,
  AbortReason,
  PlannerGroup,
  PlannerGroupBody,
  PlannerGroupRow,
  RolloutDevice,
  RolloutSummary,
  SetStatusBody,
  SilentDevice,
  Site,
  SiteBody,
  SiteUpdateBody,
  StatusChange,
} from '@gridlens/contract/rollout';
import { DEVICE_STATUSES, INSTALLATION_STATUSES, type DeviceStatus } from '@gridlens/domain/power/enumerations';
import {
  cumulative,
  firstTimeSuccessRate,
  mondayOf,
  planStateOf,
  silentSinceMs,
  siteStateOf,
  weeksBetween,
} from '@gridlens/domain/rollout/figures';
import { BUILT_IN_ABORT_REASONS, SITE_STATES } from '@gridlens/domain/rollout/plan';
import { installationStatusOf, messageEventOf, SILENCE_AFTER_MS, statusAfter, type StatusEvent } from '@gridlens/domain/rollout/status';
import { zonedDay } from '@gridlens/domain/time-range';
import type { Database, Queryable } from '../../db/database';
import type { DeviceStatusFact } from '../assets/assets.module';
import { HttpError, notFound } from '../../http/http-error';
import type { DeviceRow, GroupRow, HistoryEntry, RolloutRepository, SiteRow, StoredSite } from './rollout.repository';

/** What the rollout needs of the device registry (assets): set statuses in the caller's transaction. */
export interface RolloutDevices {
  setDeviceStatus: (
    tx: Queryable,
    tenantId: string,
    deviceIds: readonly string[],
    status: DeviceStatus,
    onlyFrom?: DeviceStatus,
  ) => Promise<{ device_id: string; from_status: DeviceStatus }[]>;
}

interface Deps {
  db: Database;
  repository: RolloutRepository;
  devices: RolloutDevices;
  timeZoneOf: (tenantId: string) => Promise<string>;
  now: () => number;
}

/** Who the history names for the changes no user made. */
export const INGEST_ACTOR = 'ingest';
export const SILENCE_ACTOR = 'silence check';
const DEMO_ACTOR = 'demo-seed';

/** A demo plan (the demo's NetZero rollout): planner groups by name, sites naming their group, the history to keep. */
export interface DemoRolloutInput {
  groups: readonly { name: string; region: string | null; contact: string | null; weekly_target: number }[];
  sites: readonly (Omit<StoredSite, 'group_id'> & {
    group: string;
    attempts: number;
    installed_at: string | null;
    abort_reason: string | null;
    aborted_at: string | null;
  })[];
  history: readonly HistoryEntry[];
  statuses: ReadonlyMap<string, DeviceStatus>;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const msOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

function groupOf(row: GroupRow): PlannerGroup {
  return {
    group_id: row.group_id,
    name: row.name,
    region: row.region,
    contact: row.contact,
    weekly_target: row.weekly_target,
    updated_by: row.updated_by,
    updated_at: iso(row.updated_at),
  };
}

function siteOf(row: SiteRow): Site {
  const state = siteStateOf(row);
  return {
    site_id: row.site_id,
    name: row.name,
    latitude: row.latitude,
    longitude: row.longitude,
    group_id: row.group_id,
    group_name: row.group_name,
    planned_week: row.planned_week,
    notes: row.notes,
    state,
    installation_status: state === 'installed' ? 'Installed' : 'Not Installed',
    device_id: row.device_id,
    device_status: row.device_status,
    installed_at: isoOrNull(row.installed_at),
    attempts: row.attempts,
    abort_reason: row.abort_reason,
    aborted_at: isoOrNull(row.aborted_at),
    updated_by: row.updated_by,
    updated_at: iso(row.updated_at),
  };
}

function deviceOf(row: DeviceRow): RolloutDevice {
  return {
    device_id: row.device_id,
    name: row.name,
    device_status: row.device_status,
    installation_status: installationStatusOf(row.device_status),
    status_since: isoOrNull(row.status_since),
    site_id: row.site_id,
    site_name: row.site_name,
    group_id: row.group_id,
    group_name: row.group_name,
    last_message_at: isoOrNull(row.last_message_at),
    last_test: row.test_at === null ? null : { at: iso(row.test_at), passed: row.test_passed === true },
  };
}

/** A code for a tenant's own abort reason, from its label: lower-case words joined by `_`. */
const codeOf = (label: string) =>
  label
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 48) || 'reason';

export function createRolloutService({ db, repository, devices, timeZoneOf, now }: Deps) {
  /**
   * Gives these devices `to` with the event's history row each, in the caller's transaction: the registry's status
   * and the history change together. Devices that have `to` already change nothing.
   */
  async function changeStatus(
    tx: Queryable,
    tenantId: string,
    deviceIds: readonly string[],
    to: DeviceStatus,
    change: {
      event: StatusEvent | ((from: DeviceStatus, deviceId: string) => StatusEvent);
      at: (deviceId: string) => string;
      detail: string | null;
      by: string;
      onlyFrom?: DeviceStatus;
    },
  ): Promise<{ device_id: string; from_status: DeviceStatus; event: StatusEvent }[]> {
    if (deviceIds.length === 0) return [];
    const changed = await devices.setDeviceStatus(tx, tenantId, deviceIds, to, change.onlyFrom);
    const entries = changed.map((c) => ({
      device_id: c.device_id,
      from_status: c.from_status,
      event: typeof change.event === 'function' ? change.event(c.from_status, c.device_id) : change.event,
    }));
    await repository.addHistory(
      tx,
      tenantId,
      entries.map((c): HistoryEntry => ({
        device_id: c.device_id,
        at: change.at(c.device_id),
        from: c.from_status,
        to,
        event: c.event,
        detail: change.detail,
        by: change.by,
      })),
    );
    return entries;
  }

  async function requireGroup(tenantId: string, groupId: string | null, q: Queryable = db) {
    if (groupId !== null && !(await repository.findGroup(tenantId, groupId, q)))
      throw new HttpError(400, 'validation_error', 'Invalid value for group_id', [{ field: 'group_id', message: 'No such planner group' }]);
  }

  async function requireDevice(tenantId: string, deviceId: string | null, siteId: string, q: Queryable = db) {
    if (deviceId === null) return;
    if (!(await repository.deviceStatuses(tenantId, [deviceId], q)).has(deviceId))
      throw new HttpError(400, 'validation_error', 'Invalid value for device_id', [
        { field: 'device_id', message: 'No such device in the registry' },
      ]);
    const other = (await repository.devicesAtOtherSites(tenantId, [deviceId], [siteId], q)).get(deviceId);
    if (other !== undefined) throw new HttpError(409, 'conflict', `Device ${deviceId} is at site ${other} already`);
  }

  async function site(tenantId: string, siteId: string, q: Queryable = db): Promise<Site> {
    const row = await repository.findSite(tenantId, siteId, q);
    if (!row) throw notFound('Site');
    return siteOf(row);
  }

  async function device(tenantId: string, deviceId: string, q: Queryable = db): Promise<RolloutDevice> {
    const row = await repository.device(tenantId, deviceId, q);
    if (!row) throw notFound('Device');
    return deviceOf(row);
  }

  async function currentWeek(tenantId: string) {
    const timeZone = await timeZoneOf(tenantId);
    return { timeZone, week: mondayOf(zonedDay(now(), timeZone)) };
  }

  /** The latest fitting a device can have and be silent now. */
  const fittedBefore = (nowMs: number) => new Date(nowMs - SILENCE_AFTER_MS).toISOString();

  async function silent(tenantId: string): Promise<SilentDevice[]> {
    const nowMs = now();
    const rows = await repository.silentCandidates(tenantId, fittedBefore(nowMs));
    const queue = rows.flatMap((row) => {
      const since = silentSinceMs(
        {
          status: row.device_status,
          installedAtMs: msOrNull(row.installed_at) ?? msOrNull(row.status_since),
          lastMessageMs: msOrNull(row.last_message_at),
        },
        nowMs,
      );
      return since === null ? [] : [{ ...deviceOf(row), silent_since: new Date(since).toISOString() }];
    });
    return queue.sort((a, b) => a.silent_since.localeCompare(b.silent_since) || a.device_id.localeCompare(b.device_id));
  }

  return {
    changeStatus,
    silent,

    // -- Planner groups ------------------------------------------------------------------------------------------
    async groups(tenantId: string): Promise<PlannerGroupRow[]> {
      const { week } = await currentWeek(tenantId);
      const [rows, silentByGroup] = await Promise.all([
        repository.groupFigures(tenantId, week),
        repository.silentCounts(tenantId, fittedBefore(now())),
      ]);
      return rows.map((row) => {
        const aheadBy = row.installed - row.planned_to_date;
        return {
          ...groupOf(row),
          sites: row.sites,
          planned_to_date: row.planned_to_date,
          installed: row.installed,
          aborted: row.aborted,
          first_time_success_rate: firstTimeSuccessRate(row.first_time, row.attempted),
          ahead_by: aheadBy,
          plan_state: planStateOf(aheadBy, row.weekly_target),
          silent: silentByGroup.get(row.group_id) ?? 0,
        };
      });
    },
    async createGroup(tenantId: string, body: Required<PlannerGroupBody>, by: string): Promise<PlannerGroup> {
      if (await repository.groupNameTaken(tenantId, body.name, null))
        throw new HttpError(409, 'conflict', `A planner group named ${body.name} exists already`);
      return groupOf(await repository.insertGroup(tenantId, { ...body, region: body.region ?? null, contact: body.contact ?? null }, by));
    },
    async updateGroup(tenantId: string, groupId: string, body: Required<PlannerGroupBody>, by: string): Promise<PlannerGroup> {
      if (!(await repository.findGroup(tenantId, groupId))) throw notFound('Planner group');
      if (await repository.groupNameTaken(tenantId, body.name, groupId))
        throw new HttpError(409, 'conflict', `A planner group named ${body.name} exists already`);
      const row = await repository.updateGroup(
        tenantId,
        groupId,
        { ...body, region: body.region ?? null, contact: body.contact ?? null },
        by,
      );
      if (!row) throw notFound('Planner group');
      return groupOf(row);
    },
    async removeGroup(tenantId: string, groupId: string): Promise<void> {
      if (!(await repository.findGroup(tenantId, groupId))) throw notFound('Planner group');
      const sites = await repository.groupSites(tenantId, groupId);
      if (sites > 0) throw new HttpError(409, 'conflict', `The planner group has ${sites} site(s): give them to another group first`);
      await repository.deleteGroup(tenantId, groupId);
    },

    // -- Sites ---------------------------------------------------------------------------------------------------
    async sites(tenantId: string, filter: { group_id?: string | undefined; state?: string | undefined }): Promise<Site[]> {
      return (await repository.sites(tenantId, filter)).map(siteOf);
    },
    site,
    async createSite(tenantId: string, body: SiteBody, by: string): Promise<Site> {
      const stored = storedSite(body.site_id, body);
      await requireGroup(tenantId, stored.group_id);
      await requireDevice(tenantId, stored.device_id, stored.site_id);
      if (!(await repository.insertSite(tenantId, stored, by)))
        throw new HttpError(409, 'conflict', `Site ${stored.site_id} exists already`);
      return site(tenantId, stored.site_id);
    },
    async updateSite(tenantId: string, siteId: string, body: SiteUpdateBody, by: string): Promise<Site> {
      if (!(await repository.findSite(tenantId, siteId))) throw notFound('Site');
      const stored = storedSite(siteId, body);
      await requireGroup(tenantId, stored.group_id);
      await requireDevice(tenantId, stored.device_id, siteId);
      await repository.updateSite(tenantId, stored, by);
      return site(tenantId, siteId);
    },
    async removeSite(tenantId: string, siteId: string): Promise<void> {
      if (!(await repository.deleteSite(tenantId, siteId))) throw notFound('Site');
    },
    /** An aborted visit: the site counts one more attempt, and its device (if any) is Not Installed. */
    async abortSite(tenantId: string, siteId: string, body: AbortBody, by: string): Promise<Site> {
      const current = await repository.findSite(tenantId, siteId);
      if (!current) throw notFound('Site');
      const known = new Set<string>([...BUILT_IN_ABORT_REASONS, ...(await repository.abortReasons(tenantId)).map((r) => r.code)]);
      if (!known.has(body.reason))
        throw new HttpError(400, 'validation_error', 'Invalid value for reason', [{ field: 'reason', message: 'No such abort reason' }]);
      if (current.installed_at !== null) throw new HttpError(409, 'conflict', 'The site is installed: an installed site is not aborted');
      const at = new Date(now()).toISOString();
      return db.transaction(async (tx) => {
        await repository.abortSite(tenantId, siteId, body.reason, at, by, tx);
        if (current.device_id !== null) {
          const detail = body.note ? `${body.reason}: ${body.note}` : body.reason;
          await changeStatus(tx, tenantId, [current.device_id], 'Not Installed', { event: 'abort', at: () => at, detail, by });
        }
        return site(tenantId, siteId, tx);
      });
    },

    // -- Devices -------------------------------------------------------------------------------------------------
    async devices(tenantId: string): Promise<RolloutDevice[]> {
      return (await repository.devices(tenantId)).map(deviceOf);
    },
    async history(tenantId: string, deviceId: string): Promise<StatusChange[]> {
      if (!(await repository.deviceStatuses(tenantId, [deviceId])).has(deviceId)) throw notFound('Device');
      return (await repository.history(tenantId, deviceId)).map((h) => ({ ...h, at: iso(h.at) }));
    },
    /** An operator's edit: any status, with the note in the history. The status it has already changes nothing. */
    async setStatus(tenantId: string, deviceId: string, body: SetStatusBody, by: string): Promise<RolloutDevice> {
      const current = (await repository.deviceStatuses(tenantId, [deviceId])).get(deviceId);
      if (current === undefined) throw notFound('Device');
      const to = statusAfter(current, 'operator_edit', body.status);
      const at = new Date(now()).toISOString();
      return db.transaction(async (tx) => {
        if (to !== null) await changeStatus(tx, tenantId, [deviceId], to, { event: 'operator_edit', at: () => at, detail: body.note, by });
        return device(tenantId, deviceId, tx);
      });
    },

    // -- Abort reasons -------------------------------------------------------------------------------------------
    async abortReasons(tenantId: string): Promise<AbortReason[]> {
      const own = await repository.abortReasons(tenantId);
      return [
        ...BUILT_IN_ABORT_REASONS.map((code) => ({ code, label: null, built_in: true })),
        ...own.map((r) => ({ code: r.code, label: r.label, built_in: false })),
      ];
    },
    async addAbortReason(tenantId: string, label: string, by: string): Promise<AbortReason> {
      const code = codeOf(label);
      if ((BUILT_IN_ABORT_REASONS as readonly string[]).includes(code) || !(await repository.insertAbortReason(tenantId, code, label, by)))
        throw new HttpError(409, 'conflict', `The abort reason ${code} exists already`);
      return { code, label, built_in: false };
    },

    // -- Figures -------------------------------------------------------------------------------------------------
    async summary(tenantId: string, groupId: string | null): Promise<RolloutSummary> {
      const { timeZone, week } = await currentWeek(tenantId);
      const [deviceCounts, siteCounts, weekCounts, groups, silentByGroup] = await Promise.all([
        repository.deviceCounts(tenantId, groupId),
        repository.siteCounts(tenantId, groupId),
        repository.weekCounts(tenantId, timeZone, groupId),
        repository.groups(tenantId),
        repository.silentCounts(tenantId, fittedBefore(now())),
      ]);
      const byStatus = Object.fromEntries(DEVICE_STATUSES.map((s) => [s, 0])) as Record<DeviceStatus, number>;
      for (const row of deviceCounts) byStatus[row.device_status] = row.n;
      const planned = siteCounts.sites - siteCounts.installed - siteCounts.aborted;
      const allWeeks = weekCounts.map((w) => w.week);
      const plannedWeeks = weekCounts.filter((w) => w.planned > 0).map((w) => w.week);
      const first = [...allWeeks, week].sort()[0] ?? week;
      const last = [...plannedWeeks, week].sort().at(-1) ?? week;
      const weeks = weeksBetween(first, last);
      const series = (rows: typeof weekCounts, key: 'planned' | 'installed') => {
        const counts = new Map<string, number>();
        for (const row of rows) counts.set(row.week, (counts.get(row.week) ?? 0) + row[key]);
        return cumulative(weeks, counts);
      };
      const shownGroups = groups.filter((g) => groupId === null || g.group_id === groupId);
      return {
        totals: {
          sites: siteCounts.sites,
          devices: DEVICE_STATUSES.reduce((sum, s) => sum + byStatus[s], 0),
          installed: siteCounts.installed,
          active: byStatus.Active,
          aborted: siteCounts.aborted,
          silent: groupId === null ? [...silentByGroup.values()].reduce((sum, n) => sum + n, 0) : (silentByGroup.get(groupId) ?? 0),
        },
        devices_by_status: byStatus,
        sites_by_state: Object.fromEntries(
          SITE_STATES.map((s) => [s, s === 'installed' ? siteCounts.installed : s === 'aborted' ? siteCounts.aborted : planned]),
        ) as RolloutSummary['sites_by_state'],
        sites_by_installation_status: Object.fromEntries(
          INSTALLATION_STATUSES.map((s) => [s, s === 'Installed' ? siteCounts.installed : siteCounts.sites - siteCounts.installed]),
        ) as RolloutSummary['sites_by_installation_status'],
        burn_up: {
          weeks,
          current_week: week,
          planned: series(weekCounts, 'planned'),
          installed: series(weekCounts, 'installed'),
          groups: shownGroups.map((g) => {
            const own = weekCounts.filter((w) => w.group_id === g.group_id);
            return { group_id: g.group_id, name: g.name, planned: series(own, 'planned'), installed: series(own, 'installed') };
          }),
        },
        time_zone: timeZone,
      };
    },

    /**
     * The demo's rollout (apps/server/src/demo/demo-rollout.ts): its groups, its sites with their facts, its dated
     * history and each device's status after it, in one transaction. Idempotent: a tenant with planner groups keeps
     * its plan (a user's changes survive a restart). False when it had one.
     */
    async seedDemo(tenantId: string, plan: DemoRolloutInput): Promise<boolean> {
      return db.transaction(async (tx) => {
        if ((await repository.groups(tenantId, tx)).length > 0) return false;
        const ids = new Map<string, string>();
        for (const group of plan.groups) ids.set(group.name, (await repository.insertGroup(tenantId, group, DEMO_ACTOR, tx)).group_id);
        await repository.insertSitesWithFacts(
          tx,
          tenantId,
          plan.sites.map(({ group, ...site }) => ({ ...site, group_id: ids.get(group) ?? null })),
          DEMO_ACTOR,
        );
        await repository.addHistory(tx, tenantId, plan.history);
        const byStatus = new Map<DeviceStatus, string[]>();
        for (const [deviceId, status] of plan.statuses) {
          const list = byStatus.get(status);
          if (list) list.push(deviceId);
          else byStatus.set(status, [deviceId]);
        }
        for (const [status, deviceIds] of byStatus) await devices.setDeviceStatus(tx, tenantId, deviceIds, status);
        return true;
      });
    },

    // -- The facts that change a device's status ------------------------------------------------------------------
    /**
     * The ingest hook: devices of the batch not Active become Active (their first message, or one after a silence),
     * in the ingest transaction. One UPDATE matching no row when every device of the batch is Active already.
     */
    async afterReadings(tx: Queryable, tenantId: string, stored: readonly { deviceId: string; measuredMs: number }[]): Promise<void> {
      if (stored.length === 0) return;
      const firstMs = new Map<string, number>();
      for (const r of stored) firstMs.set(r.deviceId, Math.min(firstMs.get(r.deviceId) ?? Infinity, r.measuredMs));
      const ids = [...firstMs.keys()];
      const changed = await devices.setDeviceStatus(tx, tenantId, ids, 'Active');
      if (changed.length === 0) return;
      const heard = await repository.heardBefore(
        tx,
        tenantId,
        changed.map((c) => c.device_id),
      );
      const at = (id: string) => new Date(firstMs.get(id) ?? now()).toISOString();
      const entries = changed.map((c): HistoryEntry => ({
        device_id: c.device_id,
        at: at(c.device_id),
        from: c.from_status,
        to: 'Active',
        event: messageEventOf(c.from_status, heard.has(c.device_id)) ?? 'first_message',
        detail: null,
        by: INGEST_ACTOR,
      }));
      await repository.addHistory(tx, tenantId, entries);
      // A site whose device speaks for the first time without a recorded test is installed by that message.
      const first = entries.filter((e) => e.event === 'first_message');
      for (const e of first) await repository.markInstalled(tx, tenantId, [e.device_id], e.at, INGEST_ACTOR);
    },

    /** The coverage hook: the installer recorded a device test, the monitor is fitted (Installed, its site installed). */
    async deviceTested(
      tx: Queryable,
      tenantId: string,
      test: { device_id: string; at: string; by: string; outcome: string },
    ): Promise<void> {
      const current = (await repository.deviceStatuses(tenantId, [test.device_id], tx)).get(test.device_id);
      if (current === undefined) return;
      const to = statusAfter(current, 'device_test');
      if (to !== null)
        await changeStatus(tx, tenantId, [test.device_id], to, {
          event: 'device_test',
          at: () => test.at,
          detail: test.outcome,
          by: test.by,
        });
      await repository.markInstalled(tx, tenantId, [test.device_id], test.at, test.by);
    },

    /** A status a user set through the registry (registration, an edit of the device): one history row, no note. */
    async deviceStatusSet(tx: Queryable, tenantId: string, fact: DeviceStatusFact): Promise<void> {
      await repository.addHistory(tx, tenantId, [{ ...fact, detail: null }]);
    },

    /** The silence check: Active devices without a message for SILENCE_AFTER_MS become Inactive, dated when the silence began. */
    async checkSilence(): Promise<number> {
      const nowMs = now();
      const rows = await repository.silencedDevices(new Date(nowMs - SILENCE_AFTER_MS).toISOString());
      const byTenant = new Map<string, typeof rows>();
      for (const row of rows) byTenant.set(row.tenant_id, [...(byTenant.get(row.tenant_id) ?? []), row]);
      let changed = 0;
      for (const [tenantId, silentRows] of byTenant) {
        const since = new Map(
          silentRows.map((r) => [
            r.device_id,
            r.last_message_at === null ? nowMs : new Date(r.last_message_at).getTime() + SILENCE_AFTER_MS,
          ]),
        );
        changed += (
          await db.transaction((tx) =>
            changeStatus(
              tx,
              tenantId,
              silentRows.map((r) => r.device_id),
              'Inactive',
              {
                event: 'silence',
                at: (id) => new Date(Math.min(nowMs, since.get(id) ?? nowMs)).toISOString(),
                detail: null,
                by: SILENCE_ACTOR,
                // A device heard or edited since the check read it keeps its new status.
                onlyFrom: 'Active',
              },
            ),
          )
        ).length;
      }
      return changed;
    },
  };
}
export type RolloutService = ReturnType<typeof createRolloutService>;

/** A site body as stored: its planned week taken to its Monday. */
function storedSite(siteId: string, body: SiteUpdateBody): StoredSite {
  return {
    site_id: siteId,
    name: body.name,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    group_id: body.group_id ?? null,
    planned_week: body.planned_week ? mondayOf(body.planned_week) : null,
    notes: body.notes ?? null,
    device_id: body.device_id ?? null,
  };
}
