import { describe, expect, it } from 'vitest';
import { CreatePowerDeviceSchema } from '@gridlens/contract/assets';
import { CONNECTION_TYPES, DEVICE_STATUSES, DEVICE_TYPES } from '@gridlens/domain/power/enumerations';
import { DEMO_FLEET_SEED, DEMO_FLEET_SIZE, demoFleet, type DemoBehaviour } from './demo-fleet';
import { demoFleets } from './demo-power-seed';

/** Ireland's bounding box (WGS 84), with the islands off the west coast. */
const IRELAND = { latMin: 51.3, latMax: 55.5, lonMin: -10.7, lonMax: -5.9 };

const fleet = demoFleet();
const behaviours = fleet.map((d) => d.behaviour);
const countWhere = (test: (b: DemoBehaviour) => boolean) => behaviours.filter(test).length;

describe('demoFleet', () => {
  it('has 300 devices with unique, valid ids', () => {
    expect(DEMO_FLEET_SIZE).toBe(300);
    expect(fleet).toHaveLength(300);
    const ids = fleet.map((d) => d.registration.device_id);
    expect(new Set(ids).size).toBe(300);
    for (const id of ids) expect(id).toMatch(/^NZ-\d{4}$/);
  });

  it('is deterministic: the same seed gives the same fleet, another seed another one', () => {
    expect(demoFleet()).toEqual(fleet);
    expect(demoFleet(DEMO_FLEET_SIZE, DEMO_FLEET_SEED)).toEqual(fleet);
    const other = demoFleet(DEMO_FLEET_SIZE, DEMO_FLEET_SEED + 1);
    expect(other).not.toEqual(fleet);
    // Not just one field: the random parts differ for most devices.
    const differing = other.filter((d, i) => d.registration.latitude !== fleet[i]?.registration.latitude).length;
    expect(differing).toBeGreaterThan(250);
  });

  it('registers every device as the API would accept it (CreatePowerDeviceSchema)', () => {
    const failures = fleet
      .map((d) => ({ id: d.registration.device_id, result: CreatePowerDeviceSchema.safeParse(d.registration) }))
      .filter((r) => !r.result.success)
      .map((r) => `${r.id}: ${r.result.error?.message ?? ''}`);
    expect(failures).toEqual([]);
  });

  it('shows every device type, connection type and device status', () => {
    const types = new Set(fleet.map((d) => d.registration.device_type));
    const connections = new Set(fleet.map((d) => d.registration.connection_type));
    const statuses = new Set(fleet.map((d) => d.registration.device_status));
    for (const type of DEVICE_TYPES) expect(types, type).toContain(type);
    for (const connection of CONNECTION_TYPES) expect(connections, connection).toContain(connection);
    for (const status of DEVICE_STATUSES) expect(statuses, status).toContain(status);
  });

  it('has ratings of 50 to 1000 kVA, several distinct ones', () => {
    const ratings = fleet.map((d) => d.registration.rating_kva);
    for (const rating of ratings) {
      expect(rating).toBeGreaterThanOrEqual(50);
      expect(rating).toBeLessThanOrEqual(1000);
    }
    expect(new Set(ratings).size).toBeGreaterThanOrEqual(6);
    expect(ratings).toContain(50);
    expect(ratings).toContain(1000);
  });

  it('places every transformer in Ireland', () => {
    for (const { registration: r } of fleet) {
      expect(r.latitude, r.device_id).not.toBeNull();
      expect(r.longitude, r.device_id).not.toBeNull();
      expect(r.latitude, r.device_id).toBeGreaterThanOrEqual(IRELAND.latMin);
      expect(r.latitude, r.device_id).toBeLessThanOrEqual(IRELAND.latMax);
      expect(r.longitude, r.device_id).toBeGreaterThanOrEqual(IRELAND.lonMin);
      expect(r.longitude, r.device_id).toBeLessThanOrEqual(IRELAND.lonMax);
    }
    // Scattered, not stacked on one point.
    expect(new Set(fleet.map((d) => `${d.registration.latitude},${d.registration.longitude}`)).size).toBe(300);
  });

  it('has at least two devices of each problem behaviour', () => {
    expect(
      countWhere((b) => b.baseUtilisation > 0.9),
      'overloaded',
    ).toBeGreaterThanOrEqual(2);
    expect(
      countWhere((b) => b.baseUtilisation < 0.1),
      'underused',
    ).toBeGreaterThanOrEqual(2);
    expect(
      countWhere((b) => Math.max(...b.phaseSplit) >= 0.7),
      'imbalanced',
    ).toBeGreaterThanOrEqual(2);
    expect(
      countWhere((b) => b.silentForHours > 0),
      'silent',
    ).toBeGreaterThanOrEqual(2);
    expect(
      countWhere((b) => b.missedMessageRate >= 0.05),
      'missed messages',
    ).toBeGreaterThanOrEqual(2);
    expect(
      countWhere((b) => b.batteryStartPct < 20),
      'low battery',
    ).toBeGreaterThanOrEqual(2);
    expect(
      countWhere((b) => b.temperatureSenseError),
      'temperature sense error',
    ).toBeGreaterThanOrEqual(1);
  });

  it('has problems on devices that report (so the screens show them), not only on silent statuses', () => {
    const reporting = (test: (b: DemoBehaviour) => boolean) => countWhere((b) => b.sends && b.silentForHours === 0 && test(b));
    expect(reporting((b) => b.baseUtilisation > 0.9)).toBeGreaterThanOrEqual(2);
    expect(reporting((b) => b.baseUtilisation < 0.1)).toBeGreaterThanOrEqual(2);
    expect(reporting((b) => Math.max(...b.phaseSplit) >= 0.7)).toBeGreaterThanOrEqual(2);
    expect(reporting((b) => b.missedMessageRate >= 0.05)).toBeGreaterThanOrEqual(2);
    expect(reporting((b) => b.batteryStartPct < 20)).toBeGreaterThanOrEqual(2);
    expect(countWhere((b) => b.sends && b.silentForHours > 0)).toBeGreaterThanOrEqual(2);
  });

  it('keeps ordinary devices ordinary: normal loading, balanced phases, healthy battery', () => {
    const ordinary = behaviours.filter((b) => b.baseUtilisation >= 0.1 && b.baseUtilisation <= 0.9);
    expect(ordinary.length).toBeGreaterThan(250);
    for (const b of behaviours) {
      expect(b.phaseSplit.reduce((sum, share) => sum + share, 0)).toBeCloseTo(1, 1);
      expect(Math.min(...b.phaseSplit)).toBeGreaterThanOrEqual(0);
      expect(b.batteryStartPct).toBeGreaterThan(0);
      expect(b.batteryStartPct).toBeLessThanOrEqual(100);
    }
    expect(countWhere((b) => Math.max(...b.phaseSplit) < 0.4)).toBeGreaterThan(250);
  });

  it('only devices whose status reports send messages', () => {
    for (const { registration, behaviour } of fleet) {
      const silentStatus = ['Registered', 'Not Installed', 'Unknown'].includes(registration.device_status ?? '');
      expect(behaviour.sends, `${registration.device_id} ${registration.device_status}`).toBe(!silentStatus);
    }
  });

  it('enables power quality on some devices, not all', () => {
    const pq = fleet.filter((d) => d.registration.power_quality_enabled === true).length;
    expect(pq).toBeGreaterThanOrEqual(10);
    expect(pq).toBeLessThan(fleet.length);
  });
});

describe('demoFleets', () => {
  it('gives NetZero the 300-device fleet and GridWest a small one with other ids', () => {
    const fleets = demoFleets();
    expect(fleets.map((f) => [f.tenantId, f.devices.length])).toEqual([
      ['netzero', 300],
      ['gridwest', 24],
    ]);
    expect(fleets[0]?.devices).toEqual(fleet);
    const gridwestIds = fleets[1]?.devices.map((d) => d.registration.device_id) ?? [];
    expect(new Set(gridwestIds).size).toBe(24);
    for (const id of gridwestIds) expect(id).toMatch(/^GW-\d{4}$/);
  });
});
