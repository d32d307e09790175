import { describe, expect, it } from 'vitest';
import { hourlyAmbientTemperaturesC } from '@gridlens/domain/weather/climate-model';
import type { FetchLike } from './external-weather';
import { createWeatherService } from './weather.service';

const CORK = { latitude: 51.85, longitude: -8.49 };
const FROM_MS = Date.UTC(2026, 0, 12, 17, 20);
const TO_MS = Date.UTC(2026, 0, 12, 20);
const SERVICE = { url: 'https://weather.example/v1/forecast', key: 'k-123', timeoutMs: 100 };

/** A fake service answering Open-Meteo's shape for the hours given, recording the URLs asked. */
function fakeService(hours: Record<string, number | null>, status = 200) {
  const asked: string[] = [];
  const fetchFn: FetchLike = (url) => {
    asked.push(url);
    return Promise.resolve({
      ok: status === 200,
      status,
      json: () => Promise.resolve({ hourly: { time: Object.keys(hours), temperature_2m: Object.values(hours) } }),
    });
  };
  return { fetchFn, asked };
}

function serviceWith(fetchFn: FetchLike | undefined, configured = true) {
  const warnings: string[] = [];
  const weather = createWeatherService({
    service: configured ? SERVICE : null,
    placeOf: () => Promise.resolve({ latitude: null, longitude: null }),
    warn: (message) => warnings.push(message),
    ...(fetchFn ? { fetchFn } : {}),
  });
  return { weather, warnings };
}

const model = () => hourlyAmbientTemperaturesC(CORK, FROM_MS, 4).temperatureC;

describe('hourly temperatures', () => {
  it('come from the climate model, every hour from the start rounded down to the end rounded up, when no service is configured', async () => {
    const { weather } = serviceWith(undefined, false);
    const answer = await weather.hourlyTemperatures(CORK, FROM_MS, TO_MS);
    expect(answer.source).toBe('climate-model');
    expect(Array.from(answer.timesMs)).toEqual([17, 18, 19, 20].map((h) => Date.UTC(2026, 0, 12, h)));
    expect(Array.from(answer.temperatureC)).toEqual(Array.from(model()));
    expect(answer.modelledHours).toBe(4);
  });

  it('come from the configured service, asked with the place, days and key, the model filling the hours it left out', async () => {
    const { fetchFn, asked } = fakeService({
      '2026-01-12T17:00': 3.5,
      '2026-01-12T18:00': null,
      '2026-01-12T19:00': 2.25,
      '2026-01-12T21:00': 9,
    });
    const { weather, warnings } = serviceWith(fetchFn);
    const answer = await weather.hourlyTemperatures(CORK, FROM_MS, TO_MS);
    const url = new URL(asked[0]!);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latitude: '51.85',
      longitude: '-8.49',
      start_date: '2026-01-12',
      end_date: '2026-01-12',
      hourly: 'temperature_2m',
      timezone: 'GMT',
      apikey: 'k-123',
    });
    expect(answer.source).toBe('external');
    expect(Array.from(answer.temperatureC)).toEqual([3.5, model()[1], 2.25, model()[3]]);
    expect(answer.modelledHours).toBe(2);
    expect(warnings).toEqual([]);
  });

  it('fall back to the climate model, with a warning, when the service fails, answers nonsense or is too slow', async () => {
    const slow: FetchLike = (_url, { signal }) =>
      new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('timed out'))));
    const nonsense: FetchLike = () => Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve({ hourly: { time: ['x'] } }) });
    for (const fetchFn of [fakeService({}, 503).fetchFn, nonsense, slow]) {
      const { weather, warnings } = serviceWith(fetchFn);
      const answer = await weather.hourlyTemperatures(CORK, FROM_MS, TO_MS);
      expect(answer.source).toBe('climate-model');
      expect(Array.from(answer.temperatureC)).toEqual(Array.from(model()));
      expect(warnings).toHaveLength(1);
    }
  });
});
