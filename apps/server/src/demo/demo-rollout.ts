import { LQI_GOOD_MIN } from '@gridlens/domain/power/coverage';
import {
  DEVICE_TEST_MESSAGES,
  deviceTestChecks,
  overallOutcome,
  testPassed,
  type CheckOutcome,
  type DeviceTestCheck,
  type DeviceTestReading,
} from '@gridlens/domain/power/device-test';
import type { DeviceStatus } from '@gridlens/domain/power/enumerations';
import { mondayOf } from '@gridlens/domain/rollout/figures';
import { BUILT_IN_ABORT_REASONS } from '@gridlens/domain/rollout/plan';
import type { StatusChangeRecord, StatusEvent } from '@gridlens/domain/rollout/status';
import { pick, seededRandom } from '@gridlens/domain/seeded-random';
import type { DemoDevice } from './demo-fleet';

/**
 * NetZero's rollout (issue 30): its 300 monitors fitted over the last 16 weeks by 5 planner groups, each with its
 * dated history (registration, the installer's device test, its first message; an abort before a second visit at
 * some), about 150 sites still to do (some aborted), the monitors that never send fitted but silent, and the
 * Midlands crew clearly behind plan. Deterministic, relative to the seed's `nowMs`.
 */

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const MINUTE_MS = 60_000;
export const DEMO_ROLLOUT_WEEKS = 16;
export const DEMO_PLANNED_SITES = 150;
const SEED = 20_260_301;

export interface DemoRolloutGroup {
  name: string;
  region: string;
  contact: string;
  weekly_target: number;
}

export interface DemoRolloutSite {
  site_id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  group: string;
  planned_week: string;
  notes: string | null;
  device_id: string | null;
  attempts: number;
  installed_at: string | null;
  abort_reason: string | null;
  aborted_at: string | null;
}

/** A change of the demo's history: always by the demo. */
export type DemoStatusChange = StatusChangeRecord & { by: string };

/** The installer's recorded device test at a fitting, as the coverage module keeps it. */
export interface DemoDeviceTest {
  device_id: string;
  tested_at: string;
  outcome: CheckOutcome;
  passed: boolean;
  checks: Record<DeviceTestCheck, CheckOutcome | null>;
  note: string | null;
}

export interface DemoRollout {
  groups: DemoRolloutGroup[];
  sites: DemoRolloutSite[];
  history: DemoStatusChange[];
  /** The installer's test at each fitting, by the installer. */
  tests: DemoDeviceTest[];
  /** Each device's status after its history. */
  statuses: Map<string, DeviceStatus>;
}

export const DEMO_ROLLOUT_GROUPS: readonly DemoRolloutGroup[] = [
  { name: 'Dublin crew', region: 'Dublin', contact: 'dublin-crew@netzero.example', weekly_target: 6 },
  { name: 'North West crew', region: 'North West', contact: 'north-west-crew@netzero.example', weekly_target: 4 },
  { name: 'South crew', region: 'Munster', contact: 'south-crew@netzero.example', weekly_target: 4 },
  { name: 'West contractor', region: 'Connacht', contact: '+353 91 555 0100', weekly_target: 3 },
  /** Behind plan: its past weeks hold sites it has not reached. */
  { name: 'Midlands crew', region: 'Midlands', contact: 'midlands-crew@netzero.example', weekly_target: 3 },
];
const BEHIND = 'Midlands crew';
export const DEMO_INSTALLER = 'installer@netzero.example';
const INSTALLER = DEMO_INSTALLER;
const PLANNER = 'planner@netzero.example';

const iso = (ms: number) => new Date(ms).toISOString();

/** The demo monitor's messages during its fitting, newest first: one every 15 minutes, all three phases on load. */
const fittingMessages = (atMs: number, lqi: number): (DeviceTestReading & { atMs: number })[] =>
  Array.from({ length: DEVICE_TEST_MESSAGES }, (_, k) => ({
    seq: DEVICE_TEST_MESSAGES - k,
    lqi,
    currentMaxA: [120, 110, 105] as const,
    temperatureMaxC: 38,
    batteryPct: 95,
    atMs: atMs - k * 15 * MINUTE_MS,
  }));

/**
 * A fitting's test, judged by the installer's own rules (deviceTestChecks): a monitor that sends was heard during
 * the fitting with its three phases on load (its signal only fair at one site in six); one that never sends was
 * not heard, so nothing else could be judged.
 */
function demoTest(deviceId: string, atMs: number, sends: boolean, i: number): DemoDeviceTest {
  const messages = sends ? fittingMessages(atMs, i % 6 === 2 ? LQI_GOOD_MIN - 1 : LQI_GOOD_MIN + 40) : [];
  const checks = deviceTestChecks(messages, messages[0]?.atMs ?? null, atMs);
  const outcome = overallOutcome(checks);
  return {
    device_id: deviceId,
    tested_at: iso(atMs),
    outcome,
    passed: testPassed(outcome),
    checks,
    note: sends ? null : 'No message from the monitor while on site; left fitted for the network team',
  };
}
const dayOf = (ms: number) => iso(ms).slice(0, 10);

export function demoRollout(fleet: readonly DemoDevice[], nowMs: number): DemoRollout {
  const random = seededRandom(SEED);
  const thisMonday = Date.parse(`${mondayOf(dayOf(nowMs))}T00:00:00Z`);
  const firstMonday = thisMonday - DEMO_ROLLOUT_WEEKS * WEEK_MS;
  const sites: DemoRolloutSite[] = [];
  const history: DemoStatusChange[] = [];
  const tests: DemoDeviceTest[] = [];
  const statuses = new Map<string, DeviceStatus>();
  const groupOf = (i: number) => (DEMO_ROLLOUT_GROUPS[i % DEMO_ROLLOUT_GROUPS.length] as DemoRolloutGroup).name;
  const change = (deviceId: string, at: number, to: DeviceStatus, event: StatusEvent, detail: string | null, by: string) => {
    const from = statuses.get(deviceId) ?? null;
    history.push({ device_id: deviceId, at: iso(at), from, to, event, detail, by });
    statuses.set(deviceId, to);
  };

  fleet.forEach((device, i) => {
    const { registration: reg, behaviour } = device;
    const group = groupOf(i);
    // Fitted in week w of the 16, on a working day, during working hours; the oldest installations first.
    const week = Math.min(DEMO_ROLLOUT_WEEKS - 1, Math.floor((i * DEMO_ROLLOUT_WEEKS) / fleet.length));
    const fittedMs = firstMonday + week * WEEK_MS + Math.floor(random() * 5) * DAY_MS + (8 + random() * 8) * 3_600_000;
    const plannedMs = group === BEHIND ? fittedMs - (1 + Math.floor(random() * 2)) * WEEK_MS : fittedMs;
    change(reg.device_id, fittedMs - (10 + Math.floor(random() * 20)) * DAY_MS, 'Registered', 'registration', null, PLANNER);
    const base = {
      site_id: reg.transformer_number ?? reg.device_id,
      name: reg.transformer_name,
      latitude: reg.latitude ?? null,
      longitude: reg.longitude ?? null,
      group,
      planned_week: mondayOf(dayOf(plannedMs)),
      notes: null,
      device_id: reg.device_id,
    };
    if (reg.device_status === 'Registered') {
      // Registered, not yet fitted: planned in the coming weeks.
      sites.push({
        ...base,
        planned_week: mondayOf(dayOf(thisMonday + (1 + (i % 4)) * WEEK_MS)),
        attempts: 0,
        installed_at: null,
        abort_reason: null,
        aborted_at: null,
      });
      return;
    }
    if (reg.device_status === 'Not Installed') {
      const reason = pick(random, BUILT_IN_ABORT_REASONS);
      change(reg.device_id, fittedMs, 'Not Installed', 'abort', reason, INSTALLER);
      // Aborted, and planned again for a coming week.
      sites.push({
        ...base,
        planned_week: mondayOf(dayOf(thisMonday + (1 + (i % 3)) * WEEK_MS)),
        attempts: 1,
        installed_at: null,
        abort_reason: reason,
        aborted_at: iso(fittedMs),
      });
      return;
    }
    // Every ninth site took two visits: the first aborted a week before.
    const abortedFirst = i % 9 === 4;
    const reason = abortedFirst ? pick(random, BUILT_IN_ABORT_REASONS) : null;
    if (reason) change(reg.device_id, fittedMs - WEEK_MS, 'Not Installed', 'abort', reason, INSTALLER);
    const test = demoTest(reg.device_id, fittedMs, behaviour.sends, i);
    tests.push(test);
    change(reg.device_id, fittedMs, 'Installed', 'device_test', test.outcome, INSTALLER);
    // A monitor that never sends stays Installed: fitted, never heard (the installed-but-silent queue).
    if (behaviour.sends)
      change(reg.device_id, fittedMs + (5 + Math.floor(random() * 25)) * MINUTE_MS, 'Active', 'first_message', null, 'ingest');
    sites.push({
      ...base,
      attempts: abortedFirst ? 2 : 1,
      installed_at: iso(fittedMs),
      abort_reason: reason,
      aborted_at: reason ? iso(fittedMs - WEEK_MS) : null,
    });
  });

  for (let n = 0; n < DEMO_PLANNED_SITES; n += 1) {
    const group = groupOf(n);
    const near = fleet[(n * 7) % fleet.length]?.registration;
    // The Midlands crew's sites of the last three weeks are still to do: it is behind plan.
    const weekOffset = group === BEHIND && n % 3 !== 0 ? -1 - (n % 3) : 1 + (n % 9);
    const aborted = n % 11 === 5;
    const abortedMs = thisMonday - (1 + (n % 4)) * WEEK_MS + 2 * DAY_MS + 11 * 3_600_000;
    sites.push({
      site_id: `T${20_000 + n * 3}`,
      name: `${(near?.transformer_name ?? 'Site').replace(/ \d+$/, '')} ${10 + n}`,
      latitude:
        near?.latitude === undefined || near.latitude === null ? null : Number((near.latitude + (random() - 0.5) * 0.05).toFixed(5)),
      longitude:
        near?.longitude === undefined || near.longitude === null ? null : Number((near.longitude + (random() - 0.5) * 0.08).toFixed(5)),
      group,
      // An aborted site is planned again for a coming week.
      planned_week: mondayOf(dayOf(thisMonday + (aborted ? 1 + (n % 2) : weekOffset) * WEEK_MS)),
      notes: n % 13 === 0 ? 'Key from the substation office' : null,
      device_id: null,
      attempts: aborted ? 1 : 0,
      installed_at: null,
      abort_reason: aborted ? pick(random, BUILT_IN_ABORT_REASONS) : null,
      aborted_at: aborted ? iso(abortedMs) : null,
    });
  }
  return { groups: [...DEMO_ROLLOUT_GROUPS], sites, history, tests, statuses };
}
