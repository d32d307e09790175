import { describe, expect, it } from 'vitest';
import { seededRandom as prng } from '../seeded-random';
import {
  communicationState,
  MISSED_MESSAGES_AVERAGE_MAX_PERCENT,
  MISSED_MESSAGES_GOOD_MAX_PERCENT,
  missedMessageCount,
  missedMessageLevel,
  NO_COMMUNICATION_MS,
  SEQUENCE_MODULUS,
} from './communication';

const HOUR = 3_600_000;
const NOW = Date.parse('2025-06-01T12:00:00Z');

describe('communicationState (spec §4, §9)', () => {
  it('uses a 24-hour window', () => {
    expect(NO_COMMUNICATION_MS).toBe(24 * HOUR);
  });

  it('is no_communication_24h without any message', () => {
    expect(communicationState(null, NOW, 0)).toBe('no_communication_24h');
  });

  it('counts a message exactly 24 h old as in the last 24 hours', () => {
    expect(communicationState(NOW - 24 * HOUR, NOW, 0)).toBe('communicated');
  });

  it('is no_communication_24h one millisecond after that', () => {
    expect(communicationState(NOW - 24 * HOUR - 1, NOW, 0)).toBe('no_communication_24h');
  });

  it('reports a silent device as silent even when it also missed messages', () => {
    expect(communicationState(NOW - 48 * HOUR, NOW, 5)).toBe('no_communication_24h');
  });

  it('is missed_messages for a recent device with gaps', () => {
    expect(communicationState(NOW - HOUR, NOW, 1)).toBe('missed_messages');
  });

  it('is communicated for a recent device without gaps, including a timestamp slightly in the future', () => {
    expect(communicationState(NOW - HOUR, NOW, 0)).toBe('communicated');
    expect(communicationState(NOW + 5 * 60_000, NOW, 0)).toBe('communicated');
  });

  it('treats an unreadable timestamp (NaN) as no message', () => {
    expect(communicationState(Number.NaN, NOW, 0)).toBe('no_communication_24h');
  });
});

describe('missedMessageCount', () => {
  it('uses a 16-bit counter', () => {
    expect(SEQUENCE_MODULUS).toBe(65_536);
  });

  it.each<[number[], number]>([
    [[], 0],
    [[7], 0],
    [[1, 2, 3, 4], 0],
    [[1, 2, 5], 2], // 3 and 4
    [[5, 1, 2], 2], // any order
    [[1, 1, 2, 2, 5, 5], 2], // retransmissions count once
    [[10, 20], 9],
    [[65_534, 65_535, 0, 1], 0], // a clean wrap
    [[65_533, 1], 3], // 65534, 65535, 0
    [[0, 65_535], 0], // adjacent across the wrap
    [[1, 32_769], 32_767], // a jump of exactly half: both readings (wrap or not) give the same count
    [[1, 32_770], 32_766], // one more is: 32770..65535 then 0..1, 32768 numbers of which 2 arrived
  ])('%j misses %i', (sequenceNumbers, expected) => {
    expect(missedMessageCount(sequenceNumbers)).toBe(expected);
  });
});

describe('missedMessageCount (property-based, seeded)', () => {
  const random = prng(20_250_602);
  // A run of consecutive counter values (often crossing 65535 → 0), with `dropped` interior messages removed,
  // some retransmitted, and the whole shuffled.
  const cases = Array.from({ length: 500 }, () => {
    const start = random() < 0.5 ? SEQUENCE_MODULUS - 1 - Math.floor(random() * 300) : Math.floor(random() * SEQUENCE_MODULUS);
    const length = 2 + Math.floor(random() * 400);
    const run = Array.from({ length }, (_, k) => (start + k) % SEQUENCE_MODULUS);
    const received = run.filter((_, k) => k === 0 || k === length - 1 || random() > 0.1);
    const repeats = received.filter(() => random() < 0.05);
    const sequenceNumbers = [...received, ...repeats].sort(() => random() - 0.5);
    return { sequenceNumbers, dropped: length - received.length, wraps: start + length > SEQUENCE_MODULUS };
  });

  it('generates varied cases (the generator itself is not degenerate)', () => {
    expect(cases.some((c) => c.wraps)).toBe(true);
    expect(cases.some((c) => !c.wraps)).toBe(true);
    expect(cases.some((c) => c.dropped === 0)).toBe(true);
    expect(cases.some((c) => new Set(c.sequenceNumbers).size < c.sequenceNumbers.length)).toBe(true);
  });

  it('counts exactly the dropped messages, with or without a wrap', () => {
    for (const { sequenceNumbers, dropped } of cases) {
      expect(missedMessageCount(sequenceNumbers), JSON.stringify(sequenceNumbers)).toBe(dropped);
    }
  });
});

describe('missedMessageLevel', () => {
  it('has the product thresholds', () => {
    expect([MISSED_MESSAGES_GOOD_MAX_PERCENT, MISSED_MESSAGES_AVERAGE_MAX_PERCENT]).toEqual([2, 10]);
  });

  it.each([
    [0, 100, 'good'],
    [2, 100, 'good'], // exactly 2 %
    [3, 100, 'average'],
    [10, 100, 'average'], // exactly 10 %
    [11, 100, 'bad'],
    [1, 96, 'good'], // 1.04 %
    [3, 96, 'average'], // 3.1 %
    [50, 96, 'bad'],
  ])('%i missed of %i is %s', (missed, expected, level) => {
    expect(missedMessageLevel(missed, expected)).toBe(level);
  });

  it('judges a period with nothing expected by whether anything was missed', () => {
    expect(missedMessageLevel(0, 0)).toBe('good');
    expect(missedMessageLevel(1, 0)).toBe('bad');
    expect(missedMessageLevel(0, -5)).toBe('good');
  });
});
