/**
 * The adapter for an external hourly weather service, in the shape of Open-Meteo's API (the forecast and the
 * historical-weather endpoints answer alike): `?latitude&longitude&start_date&end_date&hourly=temperature_2m&timezone=GMT`
 * (and `apikey` when a key is configured), answering `{ hourly: { time: ["2026-01-12T17:00", …], temperature_2m: [4.1, …] } }`.
 */
import type { GeoPoint } from '@gridlens/domain/geo';

export interface WeatherServiceConfig {
  url: string;
  key: string | null;
  timeoutMs: number;
}

export type FetchLike = (url: string, init: { signal: AbortSignal }) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The service's hourly temperatures by hour (epoch ms → °C), or an Error (status, timeout, malformed answer). */
export async function fetchHourlyTemperatures(
  config: WeatherServiceConfig,
  point: GeoPoint,
  fromMs: number,
  toMs: number,
  fetchFn: FetchLike = fetch,
): Promise<Map<number, number>> {
  const url = new URL(config.url);
  url.searchParams.set('latitude', String(point.latitude));
  url.searchParams.set('longitude', String(point.longitude));
  url.searchParams.set('start_date', day(fromMs));
  url.searchParams.set('end_date', day(toMs));
  url.searchParams.set('hourly', 'temperature_2m');
  url.searchParams.set('timezone', 'GMT');
  if (config.key !== null) url.searchParams.set('apikey', config.key);
  const response = await fetchFn(url.toString(), { signal: AbortSignal.timeout(config.timeoutMs) });
  if (!response.ok) throw new Error(`weather service answered ${response.status}`);
  const body = (await response.json()) as { hourly?: { time?: unknown; temperature_2m?: unknown } };
  const times = body.hourly?.time;
  const values = body.hourly?.temperature_2m;
  if (!Array.isArray(times) || !Array.isArray(values) || times.length !== values.length) {
    throw new Error('weather service answer has no hourly.time and hourly.temperature_2m of one length');
  }
  const byHour = new Map<number, number>();
  times.forEach((time, i) => {
    const atMs = typeof time === 'string' ? Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(time) ? time : `${time}Z`) : Number.NaN;
    const value: unknown = values[i];
    if (Number.isFinite(atMs) && typeof value === 'number' && Number.isFinite(value)) byHour.set(atMs, value);
  });
  return byHour;
}
