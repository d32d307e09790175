import { missedMessageLevel, type MissedMessageLevel } from './communication';
import { distanceKm, type GeoPoint } from '../geo';

/**
 * Device coverage (spec §2 /coverage_checker): how well each monitor's radio link reaches the network, judged
 * from what the portal received. The specification names the screen only; the rules below are ours
 * (docs/decisions.md, "Device coverage").
 */

/**
 * Monitors report a link quality indicator (LQI) from 0 (no link) to 255 (perfect) with every message. A median
 * of 140 or more keeps messages arriving through rain and foliage; 90–139 works but drops messages at busy
 * hours; below 90 the link is at its edge (the radio vendors' guidance for 802.15.4-style LQI, where about 90
 * is where packet loss starts to climb).
 */
export const LQI_GOOD_MIN = 140;
export const LQI_AVERAGE_MIN = 90;

/** The windows the coverage check looks back over, in days: the last day (now) and the last week (typical). */
export const COVERAGE_WINDOW_DAYS = [1, 7] as const;
export type CoverageWindowDays = (typeof COVERAGE_WINDOW_DAYS)[number];

/** Good, average and bad as for missed messages; not_heard: no message at all in the window. */
export const COVERAGE_LEVELS = ['good', 'average', 'bad', 'not_heard'] as const;
export type CoverageLevel = (typeof COVERAGE_LEVELS)[number];

const RANK: Record<MissedMessageLevel, number> = { good: 0, average: 1, bad: 2 };
const worse = (a: MissedMessageLevel, b: MissedMessageLevel): MissedMessageLevel => (RANK[a] >= RANK[b] ? a : b);

/** The level of a link quality on its own. */
export function lqiLevel(lqi: number): MissedMessageLevel {
  if (lqi >= LQI_GOOD_MIN) return 'good';
  if (lqi >= LQI_AVERAGE_MIN) return 'average';
  return 'bad';
}

/** How a device's messages' link qualities fall: how many carried one, and how many were below each level. */
export interface LqiCounts {
  count: number;
  belowGood: number;
  belowAverage: number;
}

/**
 * The level of most of the messages: bad when more than half were below 90, else average when more than half were
 * below 140, else good (the level of the median message, so a few fades do not condemn a site); null without any
 * LQI. Counts are what the daily rollup keeps, so a week of a whole fleet is judged without reading its messages.
 */
export function lqiLevelOfCounts({ count, belowGood, belowAverage }: LqiCounts): MissedMessageLevel | null {
  if (count <= 0) return null;
  if (2 * belowAverage > count) return 'bad';
  return 2 * belowGood > count ? 'average' : 'good';
}

/** The counts of a list of link qualities (nulls left out). */
export function lqiCountsOf(lqis: readonly (number | null)[]): LqiCounts {
  const counts = { count: 0, belowGood: 0, belowAverage: 0 };
  for (const lqi of lqis) {
    if (lqi === null) continue;
    counts.count += 1;
    if (lqi < LQI_GOOD_MIN) counts.belowGood += 1;
    if (lqi < LQI_AVERAGE_MIN) counts.belowAverage += 1;
  }
  return counts;
}

/**
 * Monitors report every 15 minutes (brief §4 says about every 10–15: the longer interval never counts a message
 * as missing that was not due).
 */
export const REPORTING_INTERVAL_MS = 15 * 60_000;

export interface LinkFigures {
  /** Messages received in the window. */
  received: number;
  /** Messages the device numbered in the window: those received plus each day's sequence gaps, across its midnight too (missedMessagesOfDay, missedMessagesAcrossMidnight). */
  expected: number;
  lqi: LqiCounts;
  /** Time from the device's last message to the end of the window: messages due then count as missed too. */
  silentMs: number;
}

/**
 * A device's coverage: the worse of its link quality and its delivery (the missed-message levels of §4), since
 * either a weak signal or lost messages means the site needs attention. Delivery counts the sequence gaps and the
 * reports due since the last message (after one interval of grace, for a report on its way), so a device that went
 * quiet early in the window is not "good". A device that sent no LQI is judged by delivery alone.
 */
export function coverageLevel({ received, expected, lqi, silentMs }: LinkFigures): CoverageLevel {
  if (received <= 0) return 'not_heard';
  const due = expected + Math.max(0, Math.floor(silentMs / REPORTING_INTERVAL_MS) - 1);
  const delivery = missedMessageLevel(Math.max(0, due - received), due);
  const signal = lqiLevelOfCounts(lqi);
  return signal === null ? delivery : worse(delivery, signal);
}

/** The site check's radius: 2 km by default (a rural cell's reliable reach), 0.1–25 km allowed. */
export const SITE_RADIUS_DEFAULT_KM = 2;
export const SITE_RADIUS_MIN_KM = 0.1;
export const SITE_RADIUS_MAX_KM = 25;
/** At most this many of the nearest heard devices decide a site's verdict. */
export const SITE_NEIGHBOURS = 5;

export interface SiteDevice extends GeoPoint {
  level: CoverageLevel;
}

export interface SiteCoverage {
  /** unknown: no device heard in the window stands within the radius. */
  verdict: MissedMessageLevel | 'unknown';
  /** Every device within the radius, nearest first, as indices into the devices given. */
  nearby: { index: number; distanceKm: number }[];
}

/**
 * What coverage a new monitor at `site` can expect, from the devices already installed around it: the median level
 * of the (at most five) nearest devices heard in the window, rounded towards the worse level when they split
 * evenly. Devices not heard at all are listed but do not vote: silence may be a flat battery as much as the radio.
 */
export function siteCoverage(site: GeoPoint, devices: readonly (SiteDevice | null)[], radiusKm: number): SiteCoverage {
  const nearby: { index: number; distanceKm: number }[] = [];
  devices.forEach((device, index) => {
    if (!device) return;
    const distance = distanceKm(site, device);
    if (distance <= radiusKm) nearby.push({ index, distanceKm: distance });
  });
  nearby.sort((a, b) => a.distanceKm - b.distanceKm || a.index - b.index);
  const votes = nearby
    .map(({ index }) => devices[index]?.level)
    .filter((level): level is MissedMessageLevel => level !== undefined && level !== 'not_heard')
    .slice(0, SITE_NEIGHBOURS)
    .sort((a, b) => RANK[a] - RANK[b]);
  const verdict = votes.length === 0 ? 'unknown' : (votes[Math.floor(votes.length / 2)] as MissedMessageLevel);
  return { verdict, nearby };
}
