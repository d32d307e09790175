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
