import { describe, expect, it } from 'vitest';
import {
  communicationState,
  missedMessagesAcrossMidnight,
  missedMessagesOfDay,
  REPORTS_PER_DAY_MAX,
  MISSED_MESSAGES_AVERAGE_MAX_PERCENT,
  MISSED_MESSAGES_GOOD_MAX_PERCENT,
  missedMessageLevel,
  NO_COMMUNICATION_MS,
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

describe('missed messages of a day (sequence gaps)', () => {
  it('counts the numbers skipped between the first and the last', () => {
    expect(missedMessagesOfDay(90, 1, 96)).toBe(6);
    expect(missedMessagesOfDay(96, 1, 96)).toBe(0);
  });
  it('reads a jump larger than a day of reports as a counter reset: at most a day of reports is missed', () => {
    expect(missedMessagesOfDay(2, 1, 3_000_000_000)).toBe(REPORTS_PER_DAY_MAX);
    // A device reporting faster than every 15 minutes can miss as many as it sent.
    expect(missedMessagesOfDay(1_440, 1, 3_000_000_000)).toBe(1_440);
  });
});

describe('missedMessagesAcrossMidnight', () => {
  it("counts the numbers between the previous day's last and this day's first", () => {
    // 23:15 was number 94, 00:15 is number 97: 95 and 96 were lost either side of midnight.
    expect(missedMessagesAcrossMidnight(94, 97)).toBe(2);
    expect(missedMessagesAcrossMidnight(96, 97)).toBe(0);
  });
  it('counts nothing after a silent day or a counter that restarted', () => {
    expect(missedMessagesAcrossMidnight(null, 500)).toBe(0);
    expect(missedMessagesAcrossMidnight(4_000_000_000, 1)).toBe(0);
    expect(missedMessagesAcrossMidnight(96, 96)).toBe(0);
  });
  it('reads a jump larger than a day of reports as a counter jump: at most a day of reports', () => {
    expect(missedMessagesAcrossMidnight(10, 3_000_000_000)).toBe(REPORTS_PER_DAY_MAX);
  });
  it('adds up with the in-day gaps to every gap of a run of days', () => {
    // Day 1 sent 1, 2 (3 and 4 lost at 23:45 and 00:00); day 2 sent 5, 6, 8.
    const dayOne = missedMessagesOfDay(2, 1, 2);
    const dayTwo = missedMessagesOfDay(3, 5, 8) + missedMessagesAcrossMidnight(2, 5);
    expect(dayOne + dayTwo).toBe(3);
  });
});
