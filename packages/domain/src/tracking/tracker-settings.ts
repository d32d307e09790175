/**
 * The settings a tracker takes by downlink (issue 19) and their bounds. The specification names only the device's
 * "settings"; these are what returnable-asset trackers commonly expose (docs/decisions.md, "Tracking mode:
 * devices"). Intervals are in minutes: a tracker reports at most once a minute and, at rest, at least once a week.
 */
export const MOTION_SENSITIVITIES = ['Low', 'Medium', 'High'] as const;
export type MotionSensitivity = (typeof MOTION_SENSITIVITIES)[number];

export const REPORTING_INTERVAL_MOVING_MIN = { min: 1, max: 1_440 } as const;
export const REPORTING_INTERVAL_AT_REST_MIN = { min: 15, max: 10_080 } as const;

export interface TrackerSettings {
  reporting_interval_moving_min: number;
  reporting_interval_at_rest_min: number;
  gps_enabled: boolean;
  wifi_scanning_enabled: boolean;
  motion_sensitivity: MotionSensitivity;
  temperature_reporting_enabled: boolean;
}

/** What a tracker runs with until its first settings downlink is applied. */
export const TRACKER_SETTINGS_DEFAULTS: TrackerSettings = {
  reporting_interval_moving_min: 5,
  reporting_interval_at_rest_min: 60,
  gps_enabled: true,
  wifi_scanning_enabled: true,
  motion_sensitivity: 'Medium',
  temperature_reporting_enabled: false,
};
