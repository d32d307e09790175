import { batteryStatus } from './battery';
import { periodCapacityState } from './capacity-rule';
import { imbalanceState, phaseLoadingPercent, type ImbalanceState, type PhaseCurrentsA } from './electrical';
import { isTemperatureOutsideRange, isTemperatureOverLimit } from './temperature-checks';

/** What one device reported over the period the flags describe. */
export interface IssueFlagInput {
  ratingKva: number;
  /** Per-phase maximum current over the period; null when no current was reported. */
  maxCurrentsA: PhaseCurrentsA | null;
  maxImbalancePercent: number | null;
  /** Capacity % of the period's peak apparent power: both capacity flags judge it (capacity-rule.ts). */
  maxCapacityPercent: number | null;
  maxTemperatureC: number | null;
  minTemperatureC: number | null;
  temperatureSenseError: boolean;
  batteryPercent: number | null;
  missedMessages: number;
  messageCount: number;
}

/** Spec §3 issue flags per device, in the spec's order. */
export const ISSUE_FLAG_NAMES = [
  'HasCapacityUnderLimit',
  'HasCapacityOverLimit',
  'HasMissedMessages',
  'HasImbalance',
  'HasCurrentOverLimit',
  'HasLowBattery',
  'HasNoPower',
  'HasTemperatureOutsideRange',
  'HasTemperatureOverLimit',
  'HasTemperatureSenseError',
] as const;
export type IssueFlagName = (typeof ISSUE_FLAG_NAMES)[number];
export type IssueFlags = Record<IssueFlagName, boolean>;

/**
 * Product decision (docs/decisions.md): a phase above its rated current (phase loading over 100 %) is over the
 * limit. IEC 60076-7 (domain-references §2) allows 1.5 p.u. in normal cyclic loading, but that is how far a
 * transformer may be pushed for a while; operators want to hear as soon as a phase exceeds its rating.
 */
export const CURRENT_OVER_LIMIT_PERCENT = 100;

/**
 * "Current over limit", the one rule (the assets flag, the device status and the thermal health tab all judge by
 * it): a phase's highest current of the period above its rated current. A non-positive rating never flags.
 */
export function isCurrentOverLimit(maxCurrentsA: PhaseCurrentsA, ratingKva: number): boolean {
  return phaseLoadingPercent(maxCurrentsA, ratingKva) > CURRENT_OVER_LIMIT_PERCENT;
}

/**
 * Product decision: a device that reports but whose every phase stayed below 0.5 A all period has no power.
 * Current clamps read a few tenths of an ampere of noise on a dead conductor; 0.5 A on a 230 V phase is
 * about 0.1 kVA, less than any real load on a distribution transformer.
 */
export const NO_POWER_CURRENT_A = 0.5;

/**
 * The period's imbalance state, the one imbalance rule (issue 27): the imbalance chart counts it and the
 * HasImbalance flag (and so the "Phase imbalance" status and search) raises on it. A device with no power has none
 * (null, "no data"): the imbalance of a dead conductor's clamp noise means nothing.
 */
export function periodImbalanceState(maxImbalancePercent: number | null, noPower: boolean): ImbalanceState | null {
  return maxImbalancePercent === null || noPower ? null : imbalanceState(maxImbalancePercent);
}

/**
 * Spec §3 issue flags from a period's summary. Only HasMissedMessages can be raised without messages: with no
 * message received there is nothing to judge the other flags on.
 */
export function computeIssueFlags(input: IssueFlagInput): IssueFlags {
  const received = input.messageCount > 0;
  const currentsA = input.maxCurrentsA;
  const noPower = received && currentsA !== null && currentsA.every((currentA) => currentA < NO_POWER_CURRENT_A);
  // Unknown currents do not prove a dead transformer, so they count as power.
  const hasPower = received && !noPower;
  // The one capacity rule (issue 20): the flags say what the capacity state says, never another statistic.
  const capacity = received ? periodCapacityState(input.maxCapacityPercent, noPower) : null;
  return {
    HasCapacityUnderLimit: capacity === 'underperforming',
    HasCapacityOverLimit: capacity === 'overutilised',
    HasMissedMessages: input.missedMessages > 0,
    // Spec §9: the period's maximum imbalance over 90 %; a dead transformer has no meaningful imbalance.
    HasImbalance: hasPower && periodImbalanceState(input.maxImbalancePercent, noPower) === 'imbalance',
    // A non-positive rating gives NaN loading, which never flags.
    HasCurrentOverLimit: received && currentsA !== null && isCurrentOverLimit(currentsA, input.ratingKva),
    HasLowBattery: received && batteryStatus(input.batteryPercent) === 'Low',
    HasNoPower: noPower,
    HasTemperatureOutsideRange:
      received && (isTemperatureOutsideRange(input.minTemperatureC) || isTemperatureOutsideRange(input.maxTemperatureC)),
    HasTemperatureOverLimit: received && isTemperatureOverLimit(input.maxTemperatureC),
    HasTemperatureSenseError: received && input.temperatureSenseError,
  };
}
