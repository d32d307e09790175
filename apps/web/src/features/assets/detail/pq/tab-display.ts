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

/** Translation keys of enumerated values hold no dots or spaces: 'Natural Ester' -> 'Natural_Ester', 'CT-PT' -> 'CT_PT'. */
export const enumKey = (value: string) => value.replace(/[^A-Za-z0-9]+/g, '_');
