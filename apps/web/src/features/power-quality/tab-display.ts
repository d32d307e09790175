import type { TimeRange } from '@gridlens/contract/power-readings';
import type { TemperatureMetric } from '@gridlens/domain/temperature';

/** What every tab of the asset page is given: the device, the range in the URL, and the user's formats. */
export interface TabProps {
  deviceId: string;
  range: TimeRange;
  languageTag: string;
  timeZone: string;
  temperatureMetric: TemperatureMetric;
}

/** A phase number (1–3) as the screens name it; null for an event of the whole supply. */
export const phaseName = (phase: number | null) => (phase === null ? '–' : `L${phase}`);
