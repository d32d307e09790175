/** Spec §9: "no communication" means no message in the last 24 hours. */
export const NO_COMMUNICATION_MS = 24 * 3600 * 1000;

/** Spec §4 communication states. */
export type CommunicationState = 'communicated' | 'no_communication_24h' | 'missed_messages';

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

/** Monitors number their messages with a 16-bit counter (0..65535) that wraps to 0. */
export const SEQUENCE_MODULUS = 65_536;

/**
 * The number of sequence numbers missing between the first and the last message received (spec §3: sequence
 * number, missed-message flag). Input order does not matter and duplicates (retransmissions) count once.
 *
 * Wrap-around assumption: one query never spans half the counter range (32768 messages, about 227 days at one
 * message every 10 minutes). So when the sorted numbers jump by more than half the modulus, the counter wrapped
 * there: the run starts just after the jump, passes 65535 and continues from 0.
 */
export function missedMessageCount(sequenceNumbers: readonly number[]): number {
  const sorted = [...new Set(sequenceNumbers)].sort((a, b) => a - b);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first === undefined || last === undefined) return 0;
  let largestJump = 0;
  for (let i = 1; i < sorted.length; i++) {
    largestJump = Math.max(largestJump, (sorted[i] ?? 0) - (sorted[i - 1] ?? 0));
  }
  // Without a wrap the run covers first..last; with one it covers the whole circle except the jump.
  const spanned = largestJump > SEQUENCE_MODULUS / 2 ? SEQUENCE_MODULUS - largestJump + 1 : last - first + 1;
  return spanned - sorted.length;
}

export type MissedMessageLevel = 'good' | 'average' | 'bad';

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
