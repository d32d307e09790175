/** Spec §9: "no communication" means no message in the last 24 hours. */
export const NO_COMMUNICATION_MS = 24 * 3600 * 1000;

/** Spec §4 communication states. */
export const COMMUNICATION_STATES = ['communicated', 'no_communication_24h', 'missed_messages'] as const;
export type CommunicationState = (typeof COMMUNICATION_STATES)[number];

/**
 * Spec §4 and §9: no message, or the last one more than 24 h before `nowMs`, is no_communication_24h (a message
 * exactly 24 h old still counts as "in the last 24 hours"); otherwise any missed message is missed_messages.
 * A last message in the future (clock skew) counts as recent.
 */
export function communicationState(lastMessageAtMs: number | null, nowMs: number, missedMessages: number): CommunicationState {
  if (lastMessageAtMs === null || Number.isNaN(lastMessageAtMs) || nowMs - lastMessageAtMs > NO_COMMUNICATION_MS) {
    return 'no_communication_24h';
  }
  return missedMessages > 0 ? 'missed_messages' : 'communicated';
}

/**
 * What a sequence gap means. A monitor numbers its readings 1, 2, 3… (an unsigned 32-bit counter), one about every
 * 15 minutes, so a day holds {@link REPORTS_PER_DAY_MAX} of them. Within a device's day, the numbers it skipped
 * are messages lost on the way, but never more than a day's reports (96, or as many as the device sent that day
 * if it reports faster): a jump larger than that (1, then 3,000,000,000) is a counter that restarted or jumped (a
 * new board, a firmware reset, a wrap), not billions of lost messages. The rollups hold each day's first and last number and its count;
 * the assets module computes this same rule in SQL (`dailyWithMissed`) for the assets list, the trends and coverage.
 */
export const REPORTS_PER_DAY_MAX = 96;

/** Messages a device missed in one day: its sequence gaps, at most a day's reports. */
export function missedMessagesOfDay(received: number, firstSeq: number, lastSeq: number): number {
  const skipped = lastSeq - firstSeq + 1 - received;
  return Math.max(0, Math.min(skipped, Math.max(REPORTS_PER_DAY_MAX, received)));
}

/**
 * Messages lost across midnight: the numbers between the previous day's last and this day's first, at most a
 * day's reports (a lower first number is a counter that restarted: nothing lost). They count in the later day,
 * so a day's figure is {@link missedMessagesOfDay} plus this, and a run of days adds up to every gap in it: a
 * device losing the two messages either side of midnight has missed two, though each day alone looks whole.
 * Only a previous day that has messages counts (`previousLastSeq` null otherwise): a whole silent day is the
 * device not being heard, which the communication state says, not a gap.
 */
export function missedMessagesAcrossMidnight(previousLastSeq: number | null, firstSeq: number): number {
  if (previousLastSeq === null) return 0;
  return Math.max(0, Math.min(firstSeq - previousLastSeq - 1, REPORTS_PER_DAY_MAX));
}

export const MISSED_MESSAGE_LEVELS = ['good', 'average', 'bad'] as const;
export type MissedMessageLevel = (typeof MISSED_MESSAGE_LEVELS)[number];

/**
 * Product decision (the spec names good, average and bad but gives no numbers): up to 2 % of the expected messages
 * missed is good (an occasional radio drop-out), up to 10 % average (a weak link worth watching), more is bad
 * (gaps that hide load peaks).
 */
export const MISSED_MESSAGES_GOOD_MAX_PERCENT = 2;
/** See MISSED_MESSAGES_GOOD_MAX_PERCENT. */
export const MISSED_MESSAGES_AVERAGE_MAX_PERCENT = 10;

/** The level of `missed` out of `expected` messages. With nothing expected, any missed message is bad. */
export function missedMessageLevel(missed: number, expected: number): MissedMessageLevel {
  if (missed <= 0) return 'good';
  if (expected <= 0) return 'bad';
  const missedPercent = (100 * missed) / expected;
  if (missedPercent <= MISSED_MESSAGES_GOOD_MAX_PERCENT) return 'good';
  if (missedPercent <= MISSED_MESSAGES_AVERAGE_MAX_PERCENT) return 'average';
  return 'bad';
}
