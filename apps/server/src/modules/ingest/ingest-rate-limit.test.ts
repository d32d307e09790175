import { describe, expect, it } from 'vitest';
import { ingestRateLimitKey } from './ingest.routes';

describe('what the ingest rate limit counts', () => {
  const batch = (...devices: string[]) => ({ v: 1, messages: devices.map((device_id, seq) => ({ kind: 'transformer', device_id, seq })) });

  it('counts each device of a key apart, so that one runaway device does not stop its fleet', () => {
    expect(ingestRateLimitKey('glk_a', batch('TX-1'), {})).not.toBe(ingestRateLimitKey('glk_a', batch('TX-2'), {}));
    expect(ingestRateLimitKey('glk_a', batch('TX-1'), {})).toBe(ingestRateLimitKey('glk_a', batch('TX-1', 'TX-9'), {}));
    expect(ingestRateLimitKey('glk_a', batch('TX-1'), {})).not.toBe(ingestRateLimitKey('glk_b', batch('TX-1'), {}));
  });

  it('takes the device of a downlinks fetch from its path, and counts what names no device by its key', () => {
    expect(ingestRateLimitKey('glk_a', undefined, { device_id: 'VAN-1' })).toBe(ingestRateLimitKey('glk_a', batch('VAN-1'), {}));
    expect(ingestRateLimitKey('glk_a', { v: 1, messages: [42] }, {})).toBe(ingestRateLimitKey('glk_a', 'not json', undefined));
  });
});
