import { afterAll, describe, expect, it } from 'vitest';
import type { PowerDevice } from '@gridlens/contract/assets';
import { defaultEvModelParameters, defaultHpModelParameters } from '@gridlens/domain/load-models/model-parameters';
import { fleetAnalysisRow } from '@gridlens/domain/load-models/fleet-analysis';
import { prepareLoadModels } from '@gridlens/domain/load-models/load-model-preparation';
import type { ModelDayLoadRow } from '../power-readings/power-readings.public';
import { seasonalPlaceholder } from '../../../test/support/seasonal-ambient';
import { createFleetRunner, type FleetRunner } from './fleet-runner';
import { createLoadPlanningService } from './load-planning.service';
import type { ModelSource } from './model-source';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const DATA_DAY = '2026-03-04'; // a Wednesday

/** A fleet of `count` transformers in memory, each loaded differently, all with data on the data day. */
function fakeFleet(count: number) {
  const fleet = Array.from({ length: count }, (_, i) => ({
    device_id: `T-${String(i).padStart(6, '0')}`,
    transformer_name: `Substation ${i}`,
    rating_kva: 50 + (i % 7) * 50,
    connected_mprns: 10 + (i % 90),
    commuter_area: i % 2 === 0,
  }));
  const rows: ModelDayLoadRow[] = fleet.map((device, i) => ({
    device_id: device.device_id,
    day: DATA_DAY,
    hours: HOURS,
    kva: HOURS.map((h) => 10 + ((i * 7 + h * 3) % 40)),
  }));
  return { fleet, rows };
}

function harness(count: number, runner: FleetRunner) {
  const { fleet, rows } = fakeFleet(count);
  const state = {
    version: '1',
    dataDay: DATA_DAY,
    ev: { ...defaultEvModelParameters },
    runs: 0,
    // Midday of the data day: its data is today's, so far.
    nowMs: Date.parse(`${DATA_DAY}T12:00:00Z`),
    asked: [] as { fromDay: string; toDay: string }[],
  };
  const models: ModelSource = {
    ev: (_tenant, id) => Promise.resolve(id === 'mine' ? { ...state.ev } : null),
    hp: (_tenant, id) => Promise.resolve(id === 'mine' ? { ...defaultHpModelParameters } : null),
  };
  const service = createLoadPlanningService({
    models,
    ambient: seasonalPlaceholder,
    devices: {
      require: (_tenant, id) => Promise.resolve({ device_id: id, rating_kva: 100, connected_mprns: 5, commuter_area: true } as PowerDevice),
      planningRegistry: () => Promise.resolve({ version: state.version, devices: fleet }),
      registryVersion: () => Promise.resolve(state.version),
    },
    modelDays: {
      modelDayLoads: (_tenant, _dayType, fromDay, toDay) => {
        state.asked.push({ fromDay, toDay });
        return Promise.resolve(rows);
      },
      newestDataDay: () => Promise.resolve(state.dataDay),
    },
    isPowerDataTenant: () => Promise.resolve(true),
    timeZoneOf: () => Promise.resolve('UTC'),
    now: () => state.nowMs,
    runner: {
      run: (job) => {
        state.runs += 1;
        return runner.run(job);
      },
      close: () => runner.close(),
    },
    historyDays: 365,
  });
  return { service, state, fleet, rows };
}

describe('fleet analysis off the request thread', () => {
  const runner = createFleetRunner();
  afterAll(() => runner.close());

  it('computes each row on the worker exactly as the domain does', async () => {
    const { service, fleet, rows } = harness(50, runner);
    const answer = await service.fleetAnalysis('t', 'mine', 'mine');
    const prepared = prepareLoadModels(defaultEvModelParameters, defaultHpModelParameters, { baseYear: 2026 });
    const ambientC = await seasonalPlaceholder.hourlyC('t', DATA_DAY);
    const device = fleet[17]!;
    const expected = fleetAnalysisRow(prepared, {
      ratingKva: device.rating_kva,
      connectedCustomers: device.connected_mprns,
      days: [{ id: DATA_DAY, isWeekend: false, baseLoadKva: Float64Array.from(rows[17]!.kva), ambientC }],
    });
    const item = answer.items.find((row) => row.device_id === device.device_id);
    expect(item).toMatchObject({
      transformer_name: 'Substation 17',
      max_evs: expected.maxEvs,
      first_year_over_capacity: expected.firstYearOverCapacity,
      max_load_hour: expected.maxLoadHour,
    });
    expect(item?.min_headroom_kw).toBeCloseTo(expected.minHeadroomKw, 9);
  });

  it('keeps an analysis until its inputs change: a model, the registry, the days chosen from, or an invalidation', async () => {
    const { service, state } = harness(20, runner);
    const ask = () => service.fleetAnalysis('t', 'mine', 'mine');
    await ask();
    await ask();
    expect(state.runs).toBe(1);
    state.version = '2';
    await ask();
    expect(state.runs).toBe(2);
    // Midnight: the data day is now yesterday, a whole day the most recent weekday may be, with no new data.
    state.nowMs = Date.parse('2026-03-05T00:30:00Z');
    await ask();
    expect(state.runs).toBe(3);
    state.dataDay = '2026-03-05';
    await ask();
    expect(state.runs).toBe(4);
    state.ev = { ...state.ev, currentEvSharePercent: 30 };
    await ask();
    expect(state.runs).toBe(5);
    service.invalidate('t');
    await ask();
    expect(state.runs).toBe(6);
    await Promise.all([service.fleetAnalysis('u', 'mine', 'mine'), service.fleetAnalysis('u', 'mine', 'mine')]);
    expect(state.runs).toBe(7); // one run shared by concurrent requests
  });

  it("chooses the most recent weekday among whole days only, the maximum load day up to today's data", async () => {
    const { service, state } = harness(5, runner);
    await service.fleetAnalysis('t', 'mine', 'mine', 'most_recent_weekday');
    // At midday of the data day, today so far is not a whole day.
    expect(state.asked.at(-1)).toEqual({ fromDay: '2025-03-05', toDay: '2026-03-03' });
    await service.fleetAnalysis('t', 'mine', 'mine', 'max_annual_load_day');
    expect(state.asked.at(-1)).toEqual({ fromDay: '2025-03-05', toDay: DATA_DAY });
    state.nowMs = Date.parse('2026-03-05T00:30:00Z');
    await service.fleetAnalysis('t', 'mine', 'mine', 'most_recent_weekday');
    expect(state.asked.at(-1)).toEqual({ fromDay: '2025-03-05', toDay: DATA_DAY });
  });

  it('keeps the request thread free while a large fleet runs', async () => {
    const { service } = harness(30_000, runner);
    let finished = false;
    const running = service.fleetAnalysis('big', 'mine', 'mine').then((answer) => {
      finished = true;
      return answer;
    });
    // Other work (here: another tenant's request and timers) completes while the fleet is still being analysed.
    let turns = 0;
    while (!finished && turns < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (!finished) turns += 1;
    }
    const other = await service.dwellingMix('t', 'T-000001');
    expect(other.area_type).toBe('commuter');
    expect((await running).items).toHaveLength(30_000);
    expect(turns).toBeGreaterThan(3);
  });
});
