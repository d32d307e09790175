import { describe, expect, it } from 'vitest';
import type { HalfHourDemandReads } from '../power-readings/power-readings.module';
import type { HalfHourDemandRow } from '../power-readings/power-readings.public';
import { createLoadAnalysisService } from './load-analysis.service';

const NOW = Date.UTC(2026, 10, 24, 12);

/** A demand reader that records the period it was asked for and answers one transformer. */
function fakeDemand(firstReadingDay: string | null) {
  const asked: { from: string; to: string; deviceId: string | null }[] = [];
  const row: HalfHourDemandRow = {
    device_id: 'TX-1',
    transformer_name: 'Main Street',
    connected_mprns: 50,
    // Two half hours of a January evening: 400 A and 500 A summed over the phases.
    series: { t: [Date.UTC(2026, 0, 12, 17), Date.UTC(2026, 0, 12, 17, 30)], a: [400, 500] },
  };
  const demand: HalfHourDemandReads = {
    halfHourDemand: (_tenantId, from, to, deviceId) => {
      asked.push({ from: from.toISOString(), to: to.toISOString(), deviceId });
      return Promise.resolve([row]);
    },
    firstReadingDay: () => Promise.resolve(firstReadingDay),
  };
  return { demand, asked };
}

describe('the ADMD period', () => {
  it('is the latest whole winter (1 Nov – 1 Mar) when the data began by its first day', async () => {
    const { demand, asked } = fakeDemand('2025-10-20');
    const service = createLoadAnalysisService({ demand, keepsPowerData: () => Promise.resolve(true), now: () => NOW });
    const body = await service.admd('netzero', {});
    expect(body).toMatchObject({ period: 'winter', from: '2025-11-01T00:00:00.000Z', to: '2026-03-01T00:00:00.000Z' });
    expect(asked).toEqual([{ from: '2025-11-01T00:00:00.000Z', to: '2026-03-01T00:00:00.000Z', deviceId: null }]);
    // 500 A × 0.23 × 0.95 = 109.25 kW over 50 customers; mean 98.325 kW.
    expect(body.transformers[0]).toMatchObject({ peak_demand_kw: 109.25, admd_kw: 2.19, load_factor: 0.9 });
  });

  it('is the last 90 days when the data began after that winter had started', async () => {
    const { demand } = fakeDemand('2025-11-02');
    const service = createLoadAnalysisService({ demand, keepsPowerData: () => Promise.resolve(true), now: () => NOW });
    expect(await service.admd('netzero', {})).toMatchObject({
      period: 'last_90_days',
      from: new Date(NOW - 90 * 86_400_000).toISOString(),
      to: new Date(NOW).toISOString(),
    });
  });

  it('says which part of the period the readings cover: two half hours of a winter are one day of its 120', async () => {
    const { demand } = fakeDemand('2025-10-20');
    const service = createLoadAnalysisService({ demand, keepsPowerData: () => Promise.resolve(true), now: () => NOW });
    expect((await service.admd('netzero', {})).data).toEqual({
      from: '2026-01-12T17:00:00.000Z',
      to: '2026-01-12T18:00:00.000Z',
      days: 1,
      period_days: 120,
    });
  });
});
