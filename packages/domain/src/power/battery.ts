/**
 * Product decision (the spec names High, Low and Unknown but gives no threshold): below 20 % a monitor's battery
 * is Low, the usual low-battery warning level of battery-powered field devices, leaving weeks of reporting to
 * schedule a site visit.
 */
export const LOW_BATTERY_PERCENT = 20;

/** Spec §3 power-data device: battery status High, Low or Unknown. */
export const BATTERY_STATUSES = ['High', 'Low', 'Unknown'] as const;
export type BatteryStatus = (typeof BATTERY_STATUSES)[number];

/** No reading (null, undefined, NaN) is Unknown; below 20 % is Low; 20 % and above is High. */
export function batteryStatus(batteryPercent: number | null | undefined): BatteryStatus {
  if (batteryPercent === null || batteryPercent === undefined || Number.isNaN(batteryPercent)) return 'Unknown';
  return batteryPercent < LOW_BATTERY_PERCENT ? 'Low' : 'High';
}
