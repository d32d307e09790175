import { compareByReinforcementUrgency, fleetAnalysisRow } from '@gridlens/domain/load-models/fleet-analysis';
import { prepareLoadModels, type TransformerDay } from '@gridlens/domain/load-models/load-model-preparation';
import type { EvModelParameters, HpModelParameters } from '@gridlens/domain/load-models/model-parameters';
import type { FleetAnalysisRow } from '@gridlens/contract/load-planning';
import { presentRow } from './analysis-presenter';

const HOURS_PER_DAY = 24;

/**
 * A fleet analysis as it crosses to the worker thread: the models, and every transformer in flat typed arrays
 * (hour h of transformer i at i·24 + h) so that posting 10,000 of them copies a few buffers, not 10,000 objects.
 */
export interface FleetJob {
  ev: EvModelParameters;
  hp: HpModelParameters;
  baseYear: number;
  deviceIds: string[];
  transformerNames: string[];
  /** The base-load day of each transformer; null: no data, so no analysis. */
  days: (string | null)[];
  weekend: Uint8Array;
  ratingKva: Float64Array;
  connectedCustomers: Int32Array;
  baseLoadKva: Float64Array;
  ambientC: Float64Array;
}

/**
 * Every transformer's row of spec §3 by the domain's engines, the models prepared once; ranked as the domain
 * ranks them (compareByReinforcementUrgency), then the transformers without data by device id.
 */
export function runFleetJob(job: FleetJob): FleetAnalysisRow[] {
  const prepared = prepareLoadModels(job.ev, job.hp, { baseYear: job.baseYear });
  const analysed: (FleetAnalysisRow & { min_headroom_kw: number })[] = [];
  const withoutData: FleetAnalysisRow[] = [];
  for (let i = 0; i < job.deviceIds.length; i++) {
    const device = { id: job.deviceIds[i] as string, name: job.transformerNames[i] as string };
    const dayId = job.days[i] ?? null;
    if (dayId === null) {
      withoutData.push(emptyRow(device));
      continue;
    }
    const day: TransformerDay = {
      id: dayId,
      isWeekend: job.weekend[i] === 1,
      baseLoadKva: job.baseLoadKva.subarray(i * HOURS_PER_DAY, (i + 1) * HOURS_PER_DAY),
      ambientC: job.ambientC.subarray(i * HOURS_PER_DAY, (i + 1) * HOURS_PER_DAY),
    };
    const row = fleetAnalysisRow(prepared, {
      ratingKva: job.ratingKva[i] as number,
      connectedCustomers: job.connectedCustomers[i] as number,
      days: [day],
    });
    analysed.push(presentRow(device, dayId, row) as FleetAnalysisRow & { min_headroom_kw: number });
  }
  analysed.sort((a, b) =>
    compareByReinforcementUrgency(
      { firstYearOverCapacity: a.first_year_over_capacity, minHeadroomKw: a.min_headroom_kw },
      { firstYearOverCapacity: b.first_year_over_capacity, minHeadroomKw: b.min_headroom_kw },
    ),
  );
  return [...analysed, ...withoutData];
}

function emptyRow(device: { id: string; name: string }): FleetAnalysisRow {
  return {
    device_id: device.id,
    transformer_name: device.name,
    base_load_day: null,
    max_evs: null,
    max_evs_year: null,
    max_ev_hour: null,
    first_year_over_capacity: null,
    max_load_day: null,
    max_load_on_extreme_day: null,
    max_load_year: null,
    min_headroom_kw: null,
    max_load_kw: null,
    max_load_hour: null,
  };
}
