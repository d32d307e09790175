import { afterEach, describe, expect, it } from 'vitest';
import { createRefusalLog, REFUSAL_LOG_WINDOW_MS, type Refusal } from './refusal-log';

function fakeLog() {
  const lines: { fields: Record<string, unknown>; message: string }[] = [];
  return { lines, log: { warn: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }) } };
}

const refusal = (deviceId: string | null, reason: string, tenantId: string | null = 'netzero'): Refusal => ({
  tenantId,
  source: 'mqtt',
  deviceId,
  reason,
});

describe('the refused messages log', () => {
  let close = () => undefined as void;
  afterEach(() => close());

  it('writes one line per device and reason per minute, with how many were refused', () => {
    let now = 1_000_000;
    const { lines, log } = fakeLog();
    const refusals = createRefusalLog(log as never, () => now);
    close = refusals.close;

    refusals.record([refusal('D1', 'invalid_json: the payload is not JSON')]);
    expect(lines.map((l) => [l.fields['deviceId'], l.fields['reason'], l.fields['count']])).toEqual([['D1', 'invalid_json', 1]]);

    // 499 more of the same within the minute, and one of another reason and one of another device: two new lines.
    for (let i = 0; i < 499; i += 1) {
      now += 100;
      refusals.record([refusal('D1', `invalid_json: the payload is not JSON (${i})`)]);
    }
    refusals.record([refusal('D1', 'invalid_field: lqi: Too big'), refusal('D2', 'unknown_device: no device with this device_id')]);
    expect(lines.map((l) => [l.fields['deviceId'], l.fields['reason'], l.fields['count']])).toEqual([
      ['D1', 'invalid_json', 1],
      ['D1', 'invalid_field', 1],
      ['D2', 'unknown_device', 1],
    ]);

    // Once the minute is over, the sweep writes the 499 counted, once, with the tenant and a sample of the reason.
    now = 1_000_000 + REFUSAL_LOG_WINDOW_MS;
    refusals.sweep();
    refusals.sweep();
    const counted = lines.slice(3);
    expect(counted.map((l) => [l.fields['deviceId'], l.fields['reason'], l.fields['count'], l.fields['tenantId']])).toEqual([
      ['D1', 'invalid_json', 499, 'netzero'],
    ]);
    expect(counted[0]?.fields['example']).toBe('invalid_json: the payload is not JSON');

    // A new minute logs the next refusal at once again.
    refusals.record([refusal('D1', 'invalid_json: again')]);
    expect(lines.at(-1)?.fields['count']).toBe(1);
    expect(lines).toHaveLength(5);
  });

  it('tells devices of different tenants apart, and files refusals of no tenant or device under their own line', () => {
    const { lines, log } = fakeLog();
    const refusals = createRefusalLog(log as never, () => 0);
    close = refusals.close;
    refusals.record([
      refusal('D1', 'invalid_json: x', 'netzero'),
      refusal('D1', 'invalid_json: x', 'gridwest'),
      refusal(null, 'unknown_topic: x', null),
      refusal(null, 'unknown_topic: y', null),
    ]);
    expect(lines.map((l) => [l.fields['tenantId'], l.fields['deviceId'], l.fields['reason']])).toEqual([
      ['netzero', 'D1', 'invalid_json'],
      ['gridwest', 'D1', 'invalid_json'],
      [null, null, 'unknown_topic'],
    ]);
  });
});
