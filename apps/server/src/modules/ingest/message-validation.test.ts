import { describe, expect, it } from 'vitest';
import { pick, seededRandom } from '@gridlens/domain/seeded-random';
import { DeviceMessageSchema, SEQUENCE_MAX } from '@gridlens/contract/ingest';
import { z } from 'zod';
import { assertExpressible, validateMessage } from './message-validation';

/**
 * Transformer readings take a fast path (a validator compiled from the contract's schema) before Zod. These
 * tests hold the two to the same verdict: every message below, good or bad, must be accepted by
 * validateMessage exactly when Zod accepts it, and an accepted one must come out as Zod gives it.
 */
const good = {
  kind: 'transformer',
  device_id: 'TX-0001.a:b_c-d',
  seq: 42,
  time: '2026-11-22T10:15:00.000Z',
  current_max_a: [120.5, 110, 99.9],
  current_med_a: [80, 70.25, 60],
  temperature_max_c: 41.3,
  temperature_med_c: 38,
  battery_pct: 87.5,
  lqi: 150,
};

/** Values to put in each field in turn: the edges of what the contract allows, and just beyond. */
const CANDIDATES: Record<string, unknown[]> = {
  kind: ['transformer', 'Transformer', 'pq_event', '', null, 1],
  device_id: ['A', 'x'.repeat(64), 'x'.repeat(65), '', 'bad id', 'tx/1', 'tx\u00e9', 'TX-1\n', 7, null],
  seq: [0, 1, SEQUENCE_MAX, SEQUENCE_MAX + 1, -1, 1.5, '1', null, 2 ** 53],
  time: [
    '2026-11-22T10:15:00Z',
    '2026-11-22T10:15:00+01:00',
    '2026-11-22T10:15:00.123456-05:30',
    '2024-02-29T00:00:00Z',
    '2026-02-29T00:00:00Z',
    '2026-11-22T24:00:00Z',
    '2026-11-22 10:15:00Z',
    '2026-11-22T10:15:00',
    '2026-13-01T00:00:00Z',
    '2026-11-22',
    '',
    1_763_800_000_000,
    null,
  ],
  current_max_a: [
    [0, 0, 0],
    [10_000, 10_000, 10_000],
    [10_000.01, 0, 0],
    [-0.1, 1, 1],
    [1, 2],
    [1, 2, 3, 4],
    [1, '2', 3],
    [1, null, 3],
    'x',
    null,
  ],
  current_med_a: [[0.5, 0.5, 0.5], [1, 2], [1, 2, 10_001], null],
  temperature_max_c: [-273, 1000, -273.1, 1000.5, null, '40', undefined],
  temperature_med_c: [0, null, 1001, true],
  battery_pct: [0, 100, 100.01, -1, null, undefined, '50'],
  lqi: [0, 255, 256, -1, 1.5, null, undefined, '150'],
  extra_field: ['ignored', undefined],
};

function verdicts(message: Record<string, unknown>) {
  const zod = DeviceMessageSchema.safeParse(message);
  const ours = validateMessage(message);
  return { zod, ours };
}

describe('validateMessage for transformer readings', () => {
  it('agrees with Zod on every field set to each of its edge values in turn', () => {
    let cases = 0;
    for (const [field, values] of Object.entries(CANDIDATES)) {
      for (const value of values) {
        const message: Record<string, unknown> = { ...good, [field]: value };
        if (value === undefined) delete message[field];
        const { zod, ours } = verdicts(message);
        expect({ field, value, accepted: ours.ok }).toEqual({ field, value, accepted: zod.success });
        if (zod.success && ours.ok) expect(ours.message).toStrictEqual(zod.data);
        cases += 1;
      }
    }
    expect(cases).toBeGreaterThanOrEqual(80);
  });

  it('agrees with Zod on 3,000 seeded messages with several fields changed at once (property)', () => {
    const random = seededRandom(20_261_122);
    const fields = Object.keys(CANDIDATES);
    let accepted = 0;
    for (let n = 0; n < 3000; n += 1) {
      const message: Record<string, unknown> = { ...good };
      for (let changes = 1 + Math.floor(random() * 3); changes > 0; changes -= 1) {
        const field = pick(random, fields);
        const value = pick(random, CANDIDATES[field] as unknown[]);
        if (value === undefined) delete message[field];
        else message[field] = value;
      }
      const { zod, ours } = verdicts(message);
      expect(ours.ok, JSON.stringify(message)).toBe(zod.success);
      if (zod.success && ours.ok) {
        expect(ours.message).toStrictEqual(zod.data);
        accepted += 1;
      }
    }
    // Both verdicts occur often enough for the agreement to mean something.
    expect(accepted).toBeGreaterThan(300);
    expect(accepted).toBeLessThan(2700);
  });

  it('leaves unknown keys out and keeps absent optional fields absent, as Zod does', () => {
    const { battery_pct: _battery, lqi: _lqi, ...withoutOptional } = good;
    const result = validateMessage({ ...withoutOptional, firmware: '1.2.3' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.keys(result.message).sort()).toEqual(Object.keys(withoutOptional).sort());
  });

  it('names the bad fields of a refused reading, through Zod', () => {
    const result = validateMessage({ ...good, seq: -1, current_max_a: [1, 2] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields.sort()).toEqual(['current_max_a', 'seq']);
    expect(result.reason).toMatch(/^invalid_field: /);
    expect(result.deviceId).toBe(good.device_id);
  });

  it('refuses to compile a schema holding a refine or a transform, which JSON Schema would silently drop', () => {
    const base = { seq: z.number().int(), currents: z.tuple([z.number(), z.number()]) };
    expect(() => assertExpressible(z.object(base))).not.toThrow();
    expect(() => assertExpressible(z.object({ ...base, seq: z.number().refine((n) => n % 2 === 0) }))).toThrow(/seq/);
    expect(() => assertExpressible(z.object({ ...base, time: z.string().transform((t) => Date.parse(t)) }))).toThrow(/time/);
    expect(() => assertExpressible(z.object({ ...base, currents: z.tuple([z.number(), z.number().refine((n) => n > 0)]) }))).toThrow(
      /currents\.1/,
    );
    expect(() =>
      assertExpressible(
        z.object({
          ...base,
          battery: z
            .number()
            .refine((n) => n > 0)
            .nullable()
            .optional(),
        }),
      ),
    ).toThrow(/battery/);
  });
});
