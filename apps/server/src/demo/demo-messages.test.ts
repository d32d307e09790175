import { describe, expect, it } from 'vitest';
import { DeviceMessageSchema, type DeviceMessage, type MeteringReading, type TransformerReading } from '@gridlens/contract/ingest';
import { apparentPowerKva } from '@gridlens/domain/power/electrical';
import { TEMPERATURE_OVER_LIMIT_C } from '@gridlens/domain/power/temperature-checks';
import { demoFleet, type DemoBehaviour, type DemoDevice } from './demo-fleet';
import { ambientTemperatureC, simulateReading } from './demo-load-model';
import { demoMessages, READING_INTERVAL_MS } from './demo-messages';
import { demoFleets } from './demo-power-seed';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** A fixed instant (not on any device's quarter hour) so that every run sees the same messages. */
const NOW = Date.parse('2026-03-11T10:07:30Z');

const fleet = demoFleet();
const allDevices = demoFleets().flatMap((f) => f.devices);

const transformerReadings = (messages: DeviceMessage[]) => messages.filter((m): m is TransformerReading => m.kind === 'transformer');
const keyOf = (m: DeviceMessage) => `${m.kind}:${m.device_id}:${m.seq}`;
const isNormal = (b: DemoBehaviour) => b.sends && b.silentForHours === 0 && b.missedMessageRate < 0.05;
const deviceWhere = (test: (d: DemoDevice) => boolean, what: string): DemoDevice => {
  const device = fleet.find(test);
  if (!device) throw new Error(`the demo fleet has no ${what} device`);
  return device;
};

describe('demo load model', () => {
  // Both Wednesdays, 26 weeks apart.
  const januaryWeekday = (hour: number) => Date.parse(`2026-01-14T${String(hour).padStart(2, '0')}:00:00Z`);
  const julyWeekday = (hour: number) => Date.parse(`2026-07-15T${String(hour).padStart(2, '0')}:00:00Z`);
  const kvaAt = (d: DemoDevice, epochMs: number) =>
    apparentPowerKva(simulateReading(d.registration.device_id, d.registration.rating_kva, d.behaviour, epochMs).currentMedA);
  const residential = fleet.filter((d) => d.behaviour.profile === 'residential');

  it('peaks in the evening and is lowest at night for residential devices (weekday)', () => {
    expect(residential.length).toBeGreaterThan(50);
    for (const device of residential) {
      const evening = kvaAt(device, januaryWeekday(19));
      const night = kvaAt(device, januaryWeekday(3));
      expect(evening, device.registration.device_id).toBeGreaterThan(1.5 * night);
    }
  });

  it('loads more in January than in July at the same hour (seasonal)', () => {
    for (const device of fleet) {
      for (const hour of [3, 12, 19]) {
        expect(kvaAt(device, januaryWeekday(hour)), `${device.registration.device_id} ${hour}:00`).toBeGreaterThan(
          kvaAt(device, julyWeekday(hour)),
        );
      }
    }
  });

  it('gives commercial devices a daytime weekday peak and a lower weekend', () => {
    const commercial = fleet.filter((d) => d.behaviour.profile === 'commercial');
    expect(commercial.length).toBeGreaterThan(10);
    const saturdayNoon = Date.parse('2026-01-17T12:00:00Z');
    for (const device of commercial) {
      expect(kvaAt(device, januaryWeekday(11))).toBeGreaterThan(kvaAt(device, januaryWeekday(20)));
      expect(kvaAt(device, januaryWeekday(11))).toBeGreaterThan(kvaAt(device, saturdayNoon));
    }
  });

  it('puts the apparent power of the median currents at about the rating times the utilisation', () => {
    const device = deviceWhere((d) => isNormal(d.behaviour) && d.behaviour.profile === 'residential', 'normal residential');
    // Load shape 1.0 at 18:00 and a January season factor of about 1.25, with ±8 % noise.
    const expected = device.registration.rating_kva * device.behaviour.baseUtilisation * 1.25;
    const kva = kvaAt(device, januaryWeekday(18));
    expect(kva).toBeGreaterThan(expected * 0.9);
    expect(kva).toBeLessThan(expected * 1.1);
  });

  it('reports max currents at or above the median currents', () => {
    for (const device of fleet.slice(0, 60)) {
      const r = simulateReading(device.registration.device_id, device.registration.rating_kva, device.behaviour, januaryWeekday(19));
      r.currentMaxA.forEach((max, phase) => expect(max).toBeGreaterThanOrEqual(r.currentMedA[phase] ?? Infinity));
    }
  });

  it('splits the current over the phases as the behaviour says (imbalanced devices carry most on L1)', () => {
    const imbalanced = fleet.filter((d) => Math.max(...d.behaviour.phaseSplit) >= 0.7);
    expect(imbalanced.length).toBeGreaterThanOrEqual(2);
    for (const device of imbalanced) {
      const [l1, l2, l3] = simulateReading(
        device.registration.device_id,
        device.registration.rating_kva,
        device.behaviour,
        januaryWeekday(19),
      ).currentMedA;
      expect(l1).toBeGreaterThan(3 * l2);
      expect(l1).toBeGreaterThan(10 * l3);
    }
  });

  it('runs hotter under more load: overloaded tanks are warmer than underused ones at the same instant', () => {
    const tankC = (d: DemoDevice, epochMs: number) =>
      simulateReading(d.registration.device_id, d.registration.rating_kva, d.behaviour, epochMs).temperatureMedC;
    const plain = (d: DemoDevice) => d.behaviour.temperatureOffsetC === 0 && !d.behaviour.temperatureSenseError;
    const overloaded = fleet.filter((d) => plain(d) && d.behaviour.baseUtilisation > 0.9);
    const underused = fleet.filter((d) => plain(d) && d.behaviour.baseUtilisation < 0.1);
    expect(overloaded.length).toBeGreaterThanOrEqual(2);
    expect(underused.length).toBeGreaterThanOrEqual(2);
    for (const instant of [januaryWeekday(19), julyWeekday(19)]) {
      const coolestOverloaded = Math.min(...overloaded.map((d) => tankC(d, instant)));
      const warmestUnderused = Math.max(...underused.map((d) => tankC(d, instant)));
      expect(coolestOverloaded).toBeGreaterThan(warmestUnderused);
    }
    // The same device, only its loading changed.
    const device = deviceWhere((d) => plain(d) && isNormal(d.behaviour), 'plain');
    const at = (baseUtilisation: number) => tankC({ ...device, behaviour: { ...device.behaviour, baseUtilisation } }, januaryWeekday(19));
    expect(at(0.2)).toBeLessThan(at(0.5));
    expect(at(0.5)).toBeLessThan(at(1));
  });

  it('runs its hot transformers over the temperature limit in winter as in summer, and no others', () => {
    const hottest = (d: DemoDevice, day: (hour: number) => number) =>
      Math.max(
        ...Array.from(
          { length: 24 },
          (_unused, hour) => simulateReading(d.registration.device_id, d.registration.rating_kva, d.behaviour, day(hour)).temperatureMaxC,
        ),
      );
    const hot = fleet.filter((d) => d.behaviour.temperatureOffsetC > 0);
    expect(hot.length).toBeGreaterThanOrEqual(3);
    for (const d of hot) for (const day of [januaryWeekday, julyWeekday]) expect(hottest(d, day)).toBeGreaterThan(TEMPERATURE_OVER_LIMIT_C);
    const plain = fleet.filter(
      (d) => d.behaviour.temperatureOffsetC === 0 && !d.behaviour.temperatureSenseError && d.behaviour.baseUtilisation < 0.9,
    );
    for (const d of plain) expect(hottest(d, julyWeekday)).toBeLessThanOrEqual(TEMPERATURE_OVER_LIMIT_C);
  });

  it('follows the weather: colder in January than in July, warmest in the afternoon', () => {
    expect(ambientTemperatureC(januaryWeekday(12))).toBeLessThan(ambientTemperatureC(julyWeekday(12)) - 5);
    expect(ambientTemperatureC(januaryWeekday(15))).toBeGreaterThan(ambientTemperatureC(januaryWeekday(3)));
    expect(ambientTemperatureC(julyWeekday(15))).toBeGreaterThan(ambientTemperatureC(julyWeekday(3)));
    // Irish climate, roughly.
    for (const instant of [januaryWeekday(3), januaryWeekday(15), julyWeekday(3), julyWeekday(15)]) {
      expect(ambientTemperatureC(instant)).toBeGreaterThan(-5);
      expect(ambientTemperatureC(instant)).toBeLessThan(25);
    }
    // Without load, the tank temperature moves with the ambient one and nothing else.
    const device = deviceWhere((d) => isNormal(d.behaviour) && d.behaviour.temperatureOffsetC === 0, 'normal');
    const idle = { ...device.behaviour, baseUtilisation: 0 };
    const tankOverAmbient = (epochMs: number) =>
      simulateReading(device.registration.device_id, device.registration.rating_kva, idle, epochMs).temperatureMedC -
      ambientTemperatureC(epochMs);
    const base = tankOverAmbient(januaryWeekday(3));
    for (const instant of [januaryWeekday(15), julyWeekday(3), julyWeekday(15)]) expect(tankOverAmbient(instant)).toBeCloseTo(base, 0);
    // An underused device is warmer in July than in January: the weather outweighs its small winter load.
    for (const d of fleet.filter((x) => x.behaviour.baseUtilisation < 0.1 && x.behaviour.temperatureOffsetC === 0)) {
      const tank = (epochMs: number) => simulateReading(d.registration.device_id, d.registration.rating_kva, d.behaviour, epochMs);
      expect(tank(julyWeekday(12)).temperatureMedC).toBeGreaterThan(tank(januaryWeekday(12)).temperatureMedC);
    }
  });

  it('reports -127 °C for the temperature-sense-error device, and real temperatures for the others', () => {
    const broken = fleet.filter((d) => d.behaviour.temperatureSenseError);
    expect(broken.length).toBeGreaterThanOrEqual(1);
    for (const d of broken) {
      const r = simulateReading(d.registration.device_id, d.registration.rating_kva, d.behaviour, januaryWeekday(12));
      expect(r.temperatureMedC).toBe(-127);
      expect(r.temperatureMaxC).toBe(-127);
    }
    for (const d of fleet.filter((x) => !x.behaviour.temperatureSenseError)) {
      const r = simulateReading(d.registration.device_id, d.registration.rating_kva, d.behaviour, januaryWeekday(12));
      expect(r.temperatureMedC).toBeGreaterThan(0);
      expect(r.temperatureMaxC).toBeGreaterThan(r.temperatureMedC);
    }
  });

  it('is deterministic for a device and an instant', () => {
    const d = fleet[42] as DemoDevice;
    const a = simulateReading(d.registration.device_id, d.registration.rating_kva, d.behaviour, januaryWeekday(19));
    const b = simulateReading(d.registration.device_id, d.registration.rating_kva, d.behaviour, januaryWeekday(19));
    expect(a).toEqual(b);
  });
});

describe('demoMessages', () => {
  it('produces only messages the ingest contract accepts (both fleets, two days, and two weeks of power quality)', () => {
    const messages = [
      ...allDevices.flatMap((d) => demoMessages(d, NOW - 2 * DAY_MS, NOW, NOW)),
      ...allDevices.filter((d) => d.registration.power_quality_enabled).flatMap((d) => demoMessages(d, NOW - 14 * DAY_MS, NOW, NOW)),
    ];
    expect(messages.length).toBeGreaterThan(50_000);
    const failures = messages
      .map((m) => ({ m, result: DeviceMessageSchema.safeParse(m) }))
      .filter((r) => !r.result.success)
      .slice(0, 5)
      .map((r) => `${keyOf(r.m)}: ${r.result.error?.message ?? ''}`);
    expect(failures).toEqual([]);
    // Every kind occurs, the temperature sense error too.
    expect(new Set(messages.map((m) => m.kind))).toEqual(new Set(['transformer', 'pq_event', 'hydrogen', 'metering']));
    expect(transformerReadings(messages).some((m) => m.temperature_med_c === -127)).toBe(true);
    expect(transformerReadings(messages).some((m) => (m.battery_pct ?? 100) < 20)).toBe(true);
  });

  it('sends a normal device 90 to 96 readings a day, 15 minutes apart, with strictly increasing seq', () => {
    const normal = fleet.filter((d) => isNormal(d.behaviour));
    expect(normal.length).toBeGreaterThan(200);
    for (const device of normal) {
      const readings = transformerReadings(demoMessages(device, NOW - DAY_MS, NOW, NOW));
      const id = device.registration.device_id;
      expect(readings.length, id).toBeLessThanOrEqual(96);
      expect(readings.length, id).toBeGreaterThanOrEqual(90);
      for (let i = 1; i < readings.length; i += 1) {
        const previous = readings[i - 1] as TransformerReading;
        const current = readings[i] as TransformerReading;
        expect(current.seq, id).toBeGreaterThan(previous.seq);
        // Consecutive readings are 15 minutes apart for each slot between them (a missed slot leaves 30 minutes).
        expect(Date.parse(current.time) - Date.parse(previous.time), id).toBe((current.seq - previous.seq) * READING_INTERVAL_MS);
      }
      for (const r of readings) {
        expect(Date.parse(r.time), id).toBeGreaterThan(NOW - DAY_MS);
        expect(Date.parse(r.time), id).toBeLessThanOrEqual(NOW);
      }
    }
  });

  it('gives a full day exactly 96 slots: readings plus missed ones', () => {
    const device = deviceWhere((d) => isNormal(d.behaviour), 'normal');
    const readings = transformerReadings(demoMessages(device, NOW - DAY_MS, NOW, NOW));
    const first = readings[0] as TransformerReading;
    const last = readings[readings.length - 1] as TransformerReading;
    // The first slot is within 15 minutes after the window opens, the last within 15 minutes before it closes.
    expect(Date.parse(first.time) - (NOW - DAY_MS)).toBeLessThanOrEqual(READING_INTERVAL_MS);
    expect(NOW - Date.parse(last.time)).toBeLessThan(READING_INTERVAL_MS);
    expect(last.seq - first.seq).toBeLessThanOrEqual(95);
  });

  it('staggers devices over the quarter hour', () => {
    const minutes = new Set(
      fleet
        .filter((d) => isNormal(d.behaviour))
        .map((d) => new Date(transformerReadings(demoMessages(d, NOW - HOUR_MS, NOW, NOW))[0]?.time ?? 0).getUTCMinutes() % 15),
    );
    expect(minutes.size).toBeGreaterThanOrEqual(10);
  });

  it('gives the same messages, same seq and time, when overlapping windows are asked for twice', () => {
    const pq = deviceWhere((d) => d.registration.power_quality_enabled === true && isNormal(d.behaviour), 'power-quality');
    for (const device of [...fleet.slice(0, 40), pq]) {
      const a = NOW - 3 * DAY_MS;
      const b = NOW - 2 * DAY_MS - 5 * HOUR_MS - 7 * MINUTE_MS;
      const c = NOW - DAY_MS;
      const first = demoMessages(device, a, c, NOW);
      // Asked again later (the live simulator's `now` moves on): the overlap is the same messages.
      const second = demoMessages(device, b, NOW, NOW + HOUR_MS);
      const overlap = demoMessages(device, b, c, NOW);
      const secondByKey = new Map(second.map((m) => [keyOf(m), m]));
      const firstByKey = new Map(first.map((m) => [keyOf(m), m]));
      const common = first.filter((m) => secondByKey.has(keyOf(m)));
      if (device.behaviour.sends && device.behaviour.silentForHours === 0)
        expect(overlap.length, device.registration.device_id).toBeGreaterThan(0);
      expect(common, device.registration.device_id).toEqual(overlap);
      for (const m of common) expect(secondByKey.get(keyOf(m))).toEqual(m);
      for (const m of overlap) expect(firstByKey.get(keyOf(m))).toEqual(m);
    }
  });

  it('splits a window in two halves into exactly the messages of the whole window', () => {
    const from = NOW - 2 * DAY_MS;
    const middle = NOW - DAY_MS - 3 * HOUR_MS - 11 * MINUTE_MS;
    for (const device of allDevices) {
      const whole = demoMessages(device, from, NOW, NOW);
      const halves = [...demoMessages(device, from, middle, NOW), ...demoMessages(device, middle, NOW, NOW)];
      expect(halves, device.registration.device_id).toEqual(whole);
      expect(new Set(halves.map(keyOf)).size, device.registration.device_id).toBe(halves.length);
    }
  });

  it('puts a reading exactly on the boundary in the first half only (windows are (from, to])', () => {
    const device = deviceWhere((d) => d.registration.power_quality_enabled === true && isNormal(d.behaviour), 'power-quality');
    const whole = demoMessages(device, NOW - DAY_MS, NOW, NOW);
    // A slot that carries a reading and a metering message (every fourth slot).
    const boundary = whole.find((m) => m.kind === 'metering' && Date.parse(m.time) < NOW - HOUR_MS);
    expect(boundary).toBeDefined();
    const at = Date.parse(boundary?.time ?? '');
    const before = demoMessages(device, NOW - DAY_MS, at, NOW);
    const after = demoMessages(device, at, NOW, NOW);
    expect(before.some((m) => m.kind === 'metering' && m.time === boundary?.time)).toBe(true);
    expect(after.some((m) => m.time === boundary?.time)).toBe(false);
    expect([...before, ...after]).toEqual(whole);
  });

  it('sends nothing from a silent device in its last silentForHours before now', () => {
    const silent = fleet.filter((d) => d.behaviour.sends && d.behaviour.silentForHours > 0);
    expect(silent.length).toBeGreaterThanOrEqual(2);
    for (const device of silent) {
      const silentFrom = NOW - device.behaviour.silentForHours * HOUR_MS;
      const messages = demoMessages(device, NOW - 7 * DAY_MS, NOW, NOW);
      const id = device.registration.device_id;
      expect(messages.length, id).toBeGreaterThan(0); // it reported before it fell silent
      for (const m of messages) expect(Date.parse(m.time), id).toBeLessThanOrEqual(silentFrom);
      const last = transformerReadings(messages).at(-1);
      expect(Date.parse(last?.time ?? ''), id).toBeGreaterThan(silentFrom - 2 * HOUR_MS);
      expect(demoMessages(device, silentFrom, NOW, NOW), id).toEqual([]);
      // Over a day (the 24 h no-communication rule), nothing at all.
      expect(demoMessages(device, NOW - DAY_MS, NOW, NOW), id).toEqual([]);
    }
  });

  it('sends nothing for devices that are Registered, Not Installed or Unknown', () => {
    const quiet = fleet.filter((d) => ['Registered', 'Not Installed', 'Unknown'].includes(d.registration.device_status ?? ''));
    expect(new Set(quiet.map((d) => d.registration.device_status))).toEqual(new Set(['Registered', 'Not Installed', 'Unknown']));
    for (const device of quiet) expect(demoMessages(device, NOW - 14 * DAY_MS, NOW, NOW), device.registration.device_id).toEqual([]);
    const reporting = fleet.filter((d) => ['Active', 'Inactive', 'Installed', 'Provisioned'].includes(d.registration.device_status ?? ''));
    for (const device of reporting) {
      expect(demoMessages(device, NOW - 7 * DAY_MS, NOW, NOW).length, device.registration.device_id).toBeGreaterThan(0);
    }
  });

  it('makes a missed-message device lose some slots over a week (gaps in seq), a normal one hardly any', () => {
    const gapsOverAWeek = (device: DemoDevice) => {
      const readings = transformerReadings(demoMessages(device, NOW - 7 * DAY_MS, NOW, NOW));
      const seqs = readings.map((r) => r.seq);
      return { received: seqs.length, missing: (seqs.at(-1) ?? 0) - (seqs[0] ?? 0) + 1 - seqs.length };
    };
    const missing = fleet.filter((d) => d.behaviour.sends && d.behaviour.silentForHours === 0 && d.behaviour.missedMessageRate >= 0.05);
    expect(missing.length).toBeGreaterThanOrEqual(2);
    for (const device of missing) {
      const { received, missing: lost } = gapsOverAWeek(device);
      expect(received + lost, device.registration.device_id).toBeGreaterThanOrEqual(7 * 96 - 2);
      // 8 % of 672 slots is about 54; far above the normal devices' drop-outs.
      expect(lost, device.registration.device_id).toBeGreaterThanOrEqual(20);
      expect(lost, device.registration.device_id).toBeLessThan(120);
    }
    for (const device of fleet.filter((d) => isNormal(d.behaviour))) {
      expect(gapsOverAWeek(device).missing, device.registration.device_id).toBeLessThan(10);
    }
  });

  it('sends power-quality events, hydrogen and metering from power-quality devices, and only readings from the others', () => {
    const from = NOW - 14 * DAY_MS;
    const pqDevices = fleet.filter((d) => d.registration.power_quality_enabled === true && d.behaviour.sends);
    expect(pqDevices.length).toBeGreaterThanOrEqual(5);
    for (const device of pqDevices) {
      const kinds = new Set(demoMessages(device, from, NOW, NOW).map((m) => m.kind));
      expect(kinds, device.registration.device_id).toEqual(new Set(['transformer', 'pq_event', 'hydrogen', 'metering']));
    }
    for (const device of fleet.filter((d) => d.registration.power_quality_enabled !== true && d.behaviour.sends)) {
      const kinds = new Set(demoMessages(device, from, NOW, NOW).map((m) => m.kind));
      expect(kinds, device.registration.device_id).toEqual(new Set(['transformer']));
    }
  });

  it('numbers each kind of message on its own counter, without repeats', () => {
    const device = deviceWhere((d) => d.registration.power_quality_enabled === true && isNormal(d.behaviour), 'power-quality');
    const messages = demoMessages(device, NOW - 14 * DAY_MS, NOW, NOW);
    for (const kind of ['transformer', 'pq_event', 'hydrogen', 'metering'] as const) {
      const seqs = messages.filter((m) => m.kind === kind).map((m) => m.seq);
      expect(seqs.length, kind).toBeGreaterThan(0);
      expect(new Set(seqs).size, kind).toBe(seqs.length);
      expect(
        [...seqs].sort((a, b) => a - b),
        kind,
      ).toEqual(seqs);
    }
    // Hydrogen every 6 hours, metering every hour.
    expect(messages.filter((m) => m.kind === 'hydrogen')).toHaveLength(14 * 4);
    expect(messages.filter((m) => m.kind === 'metering')).toHaveLength(14 * 24);
  });

  it('keeps metering import_kwh non-decreasing over time', () => {
    const pqDevices = allDevices.filter((d) => d.registration.power_quality_enabled === true && d.behaviour.sends);
    for (const device of pqDevices) {
      const metering = demoMessages(device, NOW - 14 * DAY_MS, NOW, NOW)
        .filter((m): m is MeteringReading => m.kind === 'metering')
        .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
      expect(metering.length, device.registration.device_id).toBeGreaterThan(0);
      for (let i = 1; i < metering.length; i += 1) {
        const previous = metering[i - 1] as MeteringReading;
        const current = metering[i] as MeteringReading;
        expect(current.import_kwh, device.registration.device_id).toBeGreaterThanOrEqual(previous.import_kwh);
        expect(current.export_kwh, device.registration.device_id).toBeGreaterThanOrEqual(previous.export_kwh);
      }
      const first = metering[0] as MeteringReading;
      const last = metering[metering.length - 1] as MeteringReading;
      expect(last.import_kwh, device.registration.device_id).toBeGreaterThan(first.import_kwh);
    }
  });

  it('sends nothing for an empty or reversed window', () => {
    const device = deviceWhere((d) => isNormal(d.behaviour), 'normal');
    expect(demoMessages(device, NOW, NOW, NOW)).toEqual([]);
    expect(demoMessages(device, NOW, NOW - HOUR_MS, NOW)).toEqual([]);
  });
});
