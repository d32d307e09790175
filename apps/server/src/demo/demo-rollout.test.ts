import { describe, expect, it } from 'vitest';
import { mondayOf } from '@gridlens/domain/rollout/figures';
import { statusAfter } from '@gridlens/domain/rollout/status';
import { demoFleet } from './demo-fleet';
import { DEMO_PLANNED_SITES, DEMO_ROLLOUT_GROUPS, DEMO_ROLLOUT_WEEKS, demoRollout } from './demo-rollout';

const NOW = Date.parse('2026-03-11T10:07:30Z');

describe('the demo rollout', () => {
  const fleet = demoFleet();
  const plan = demoRollout(fleet, NOW);

  it('is the same on every run', () => {
    expect(demoRollout(fleet, NOW)).toEqual(plan);
  });

  it('fits the monitors over the last 16 weeks by 5 groups, and plans about 150 sites more', () => {
    expect(plan.groups).toHaveLength(DEMO_ROLLOUT_GROUPS.length);
    expect(plan.sites).toHaveLength(fleet.length + DEMO_PLANNED_SITES);
    const installed = plan.sites.filter((s) => s.installed_at !== null);
    const first = Date.parse(`${mondayOf(new Date(NOW).toISOString().slice(0, 10))}T00:00:00Z`) - DEMO_ROLLOUT_WEEKS * 7 * 86_400_000;
    for (const site of installed) {
      expect(Date.parse(site.installed_at ?? '')).toBeGreaterThanOrEqual(first);
      expect(Date.parse(site.installed_at ?? '')).toBeLessThan(NOW);
    }
    expect(installed.length).toBeGreaterThan(250);
    expect(new Set(plan.sites.map((s) => s.site_id)).size).toBe(plan.sites.length);
    expect(plan.sites.filter((s) => s.abort_reason !== null && s.installed_at === null).length).toBeGreaterThan(5);
  });

  it('keeps a history that the status rules would have written, in time order per device', () => {
    const byDevice = new Map<string, typeof plan.history>();
    for (const h of plan.history) byDevice.set(h.device_id, [...(byDevice.get(h.device_id) ?? []), h]);
    for (const [deviceId, changes] of byDevice) {
      expect(changes[0]?.event).toBe('registration');
      for (let i = 1; i < changes.length; i += 1) {
        const change = changes[i];
        const before = changes[i - 1];
        if (!change || !before) continue;
        expect(Date.parse(change.at)).toBeGreaterThan(Date.parse(before.at));
        expect(statusAfter(before.to, change.event)).toBe(change.to);
      }
      expect(plan.statuses.get(deviceId)).toBe(changes.at(-1)?.to);
    }
  });

  it('leaves the monitors that never send fitted but silent, and every sending one Active', () => {
    for (const { registration, behaviour } of fleet) {
      const status = plan.statuses.get(registration.device_id);
      if (behaviour.sends) expect(status).toBe('Active');
      else expect(['Installed', 'Registered', 'Not Installed']).toContain(status);
    }
    expect([...plan.statuses.values()].filter((s) => s === 'Installed').length).toBeGreaterThan(0);
  });
});

describe('the demo rollout’s device tests', () => {
  const fleet = demoFleet();
  const plan = demoRollout(fleet, NOW);
  const sends = new Map(fleet.map((d) => [d.registration.device_id, d.behaviour.sends]));

  it('records the installer’s test at every fitting, as the history dates it', () => {
    const installed = plan.sites.filter((s) => s.installed_at !== null);
    expect(plan.tests.map((t) => [t.device_id, t.tested_at])).toEqual(installed.map((s) => [s.device_id, s.installed_at]));
    for (const test of plan.tests) {
      const change = plan.history.find((h) => h.device_id === test.device_id && h.event === 'device_test');
      expect(change).toMatchObject({ at: test.tested_at, detail: test.outcome });
    }
  });

  it('fails the test of a monitor that never sends, and passes every sending one', () => {
    for (const test of plan.tests) {
      expect(test.passed).toBe(sends.get(test.device_id));
      expect(test.checks.heard).toBe(sends.get(test.device_id) ? 'pass' : 'fail');
    }
    expect(plan.tests.some((t) => !t.passed)).toBe(true);
    expect(plan.tests.some((t) => t.outcome === 'warn')).toBe(true);
  });
});
