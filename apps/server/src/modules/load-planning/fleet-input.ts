import type { ModelDayType, EvModelParameters, HpModelParameters } from '@gridlens/domain/load-models/model-parameters';
import type { PlanningDevice } from '../assets/assets.public';
import type { ModelDayLoadRow } from '../power-readings/power-readings.public';
import { baseLoadDay } from './base-load-day';
import type { FleetJob } from './fleet-job';

const HOURS_PER_DAY = 24;

/** Every device of the fleet with its base-load day and that day's ambient, packed for the worker (fleet-job.ts). */
export async function buildFleetJob({
  ev,
  hp,
  baseYear,
  dayType,
  fleet,
  rows,
  ambientOf,
}: {
  ev: EvModelParameters;
  hp: HpModelParameters;
  baseYear: number;
  dayType: ModelDayType;
  fleet: readonly PlanningDevice[];
  rows: readonly ModelDayLoadRow[];
  ambientOf: (day: string) => Promise<Float64Array>;
}): Promise<FleetJob> {
  const rowOf = new Map(rows.map((row) => [row.device_id, row]));
  const count = fleet.length;
  const job: FleetJob = {
    ev,
    hp,
    baseYear,
    deviceIds: fleet.map((device) => device.device_id),
    transformerNames: fleet.map((device) => device.transformer_name),
    days: new Array<string | null>(count).fill(null),
    weekend: new Uint8Array(count),
    ratingKva: Float64Array.from(fleet, (device) => device.rating_kva),
    connectedCustomers: Int32Array.from(fleet, (device) => device.connected_mprns),
    baseLoadKva: new Float64Array(count * HOURS_PER_DAY),
    ambientC: new Float64Array(count * HOURS_PER_DAY),
  };
  // Ambient temperatures are asked once per distinct day: a fleet shares a handful of base-load days.
  const ambientByDay = new Map<string, Promise<Float64Array>>();
  const placed: Promise<void>[] = [];
  fleet.forEach((device, i) => {
    const row = rowOf.get(device.device_id);
    const base = row ? baseLoadDay(dayType, [row]) : null;
    if (!base) return;
    job.days[i] = base.day;
    job.weekend[i] = base.isWeekend ? 1 : 0;
    job.baseLoadKva.set(base.loadKva, i * HOURS_PER_DAY);
    let ambient = ambientByDay.get(base.day);
    if (!ambient) ambientByDay.set(base.day, (ambient = ambientOf(base.day)));
    placed.push(ambient.then((hourlyC) => job.ambientC.set(hourlyC, i * HOURS_PER_DAY)));
  });
  await Promise.all(placed);
  return job;
}
