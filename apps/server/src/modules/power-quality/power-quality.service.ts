import {
  DEFAULT_HYDROGEN_SENSOR_CONFIG,
  PQ_EVENT_ONLY_TYPES,
  PQ_FAULT_TYPES,
  type FaultRecordsPage,
  type HydrogenData,
  type HydrogenReadingRow,
  type HydrogenSensorConfig,
  type HydrogenSensorConfigBody,
  type MeteringData,
  type PqEventsPage,
} from '@gridlens/contract/power-quality';
import { hydrogenOperation, hydrogenSensorStatus, type PqEventType } from '@gridlens/domain/power/enumerations';
import { atAnswerPrecisionOrNull } from '@gridlens/domain/number-format';
import { hydrogenRateOfChangePpmPerDay, isReadyHydrogenStatus } from '@gridlens/domain/power/hydrogen-trend';
import { resolvePeriod, type PeriodInput } from '../../http/period-input';
import type { PowerQualityRepository, HydrogenConfigRow, HydrogenRow, MeteringRow } from './power-quality.repository';

export interface PageInput {
  page: number;
  page_size: number;
}

const isoOf = (d: Date | string) => new Date(d).toISOString();
const pageOf = ({ page, page_size }: PageInput) => ({ limit: page_size, offset: (page - 1) * page_size });

function hydrogenRow(row: HydrogenRow): HydrogenReadingRow {
  return {
    seq: row.seq,
    time: isoOf(row.measured_at),
    h2_ppm: row.h2_ppm,
    oil_temperature_c: row.oil_temperature_c,
    status: row.status,
    status_text: hydrogenSensorStatus(row.status),
    operation: row.operation,
    operation_text: hydrogenOperation(row.operation),
  };
}

/** Lowest and highest voltage of each phase over the readings that carry voltages. */
function voltageExtremes(rows: readonly MeteringRow[]) {
  const min: (number | null)[] = [null, null, null];
  const max: (number | null)[] = [null, null, null];
  for (const row of rows) {
    row.voltage_v?.forEach((v, phase) => {
      if (phase > 2 || v === null) return;
      const lo = min[phase] ?? null;
      const hi = max[phase] ?? null;
      min[phase] = lo === null ? v : Math.min(lo, v);
      max[phase] = hi === null ? v : Math.max(hi, v);
    });
  }
  return { min, max };
}

function configOf(deviceId: string, row: HydrogenConfigRow | null): HydrogenSensorConfig {
  if (!row) return { device_id: deviceId, ...DEFAULT_HYDROGEN_SENSOR_CONFIG, is_default: true, updated_at: null, updated_by: null };
  return {
    device_id: deviceId,
    oil_type: row.oil_type,
    operating_mode: row.operating_mode,
    sensor_type: row.sensor_type,
    sensor_location: row.sensor_location,
    is_default: false,
    updated_at: isoOf(row.updated_at),
    updated_by: row.updated_by,
  };
}

interface Deps {
  repository: PowerQualityRepository;
  /** The tenant's device, or a 404 (the assets service's `require`). */
  requireDevice: (tenantId: string, deviceId: string) => Promise<unknown>;
  now?: () => number;
}

/** The Events, Fault Records, XFRMR Health and Metering tabs of a power-data device. */
export function createPowerQualityService({ repository, requireDevice, now = Date.now }: Deps) {
  return {
    async events(
      tenantId: string,
      deviceId: string,
      query: PeriodInput & PageInput & { event_type?: PqEventType | undefined; priority?: number | undefined },
    ): Promise<PqEventsPage> {
      await requireDevice(tenantId, deviceId);
      const { from, to } = resolvePeriod(query, now());
      const types = query.event_type ? [query.event_type] : PQ_EVENT_ONLY_TYPES;
      const { page, page_size } = query;
      const { rows, total } = await repository.pqEvents(tenantId, deviceId, { from, to, types, priority: query.priority }, pageOf(query));
      const items = rows.map((row) => ({
        seq: row.seq,
        time: isoOf(row.occurred_at),
        event_type: row.event_type,
        priority: row.priority,
        phase: row.phase,
        duration_ms: row.duration_ms,
        magnitude: row.magnitude,
      }));
      return { items, total, page, page_size };
    },

    async faults(tenantId: string, deviceId: string, query: PeriodInput & PageInput): Promise<FaultRecordsPage> {
      await requireDevice(tenantId, deviceId);
      const { from, to } = resolvePeriod(query, now());
      const { page, page_size } = query;
      const { rows, total } = await repository.pqEvents(tenantId, deviceId, { from, to, types: PQ_FAULT_TYPES }, pageOf(query));
      const items = rows.map((row) => {
        const startMs = new Date(row.occurred_at).getTime();
        return {
          seq: row.seq,
          event_type: row.event_type,
          start_time: new Date(startMs).toISOString(),
          end_time: row.duration_ms === null ? null : new Date(startMs + row.duration_ms).toISOString(),
          duration_ms: row.duration_ms,
          priority: row.priority,
          phase: row.phase,
        };
      });
      return { items, total, page, page_size };
    },

    async hydrogen(tenantId: string, deviceId: string, period: PeriodInput): Promise<HydrogenData> {
      await requireDevice(tenantId, deviceId);
      const { from, to } = resolvePeriod(period, now());
      const readings = (await repository.hydrogenReadings(tenantId, deviceId, from, to)).map(hydrogenRow);
      const samples = readings.flatMap((r) =>
        r.h2_ppm !== null && isReadyHydrogenStatus(r.status) ? [{ atMs: Date.parse(r.time), h2Ppm: r.h2_ppm }] : [],
      );
      return {
        device_id: deviceId,
        from: from.toISOString(),
        to: to.toISOString(),
        readings,
        summary: {
          reading_count: readings.length,
          latest: readings.at(-1) ?? null,
          max_h2_ppm: samples.length > 0 ? Math.max(...samples.map((s) => s.h2Ppm)) : null,
          rate_of_change_ppm_per_day: atAnswerPrecisionOrNull(hydrogenRateOfChangePpmPerDay(samples)),
        },
      };
    },

    async hydrogenConfig(tenantId: string, deviceId: string): Promise<HydrogenSensorConfig> {
      await requireDevice(tenantId, deviceId);
      return configOf(deviceId, await repository.hydrogenConfig(tenantId, deviceId));
    },

    async saveHydrogenConfig(
      tenantId: string,
      userId: string,
      deviceId: string,
      body: HydrogenSensorConfigBody,
    ): Promise<HydrogenSensorConfig> {
      await requireDevice(tenantId, deviceId);
      return configOf(deviceId, await repository.saveHydrogenConfig(tenantId, deviceId, body, userId));
    },

    async metering(tenantId: string, deviceId: string, period: PeriodInput): Promise<MeteringData> {
      await requireDevice(tenantId, deviceId);
      const { from, to } = resolvePeriod(period, now());
      const rows = await repository.meteringReadings(tenantId, deviceId, from, to);
      const first = rows[0];
      const last = rows.at(-1);
      const twoOrMore = rows.length >= 2 && first !== undefined && last !== undefined;
      const { min, max } = voltageExtremes(rows);
      return {
        device_id: deviceId,
        from: from.toISOString(),
        to: to.toISOString(),
        readings: rows.map((row) => ({
          seq: row.seq,
          time: isoOf(row.measured_at),
          import_kwh: row.import_kwh,
          export_kwh: row.export_kwh,
          voltage_v: row.voltage_v,
          power_factor: row.power_factor,
        })),
        summary: {
          reading_count: rows.length,
          energy_imported_kwh: twoOrMore ? atAnswerPrecisionOrNull(last.import_kwh - first.import_kwh) : null,
          energy_exported_kwh: twoOrMore ? atAnswerPrecisionOrNull(last.export_kwh - first.export_kwh) : null,
          voltage_min_v: min,
          voltage_max_v: max,
        },
      };
    },
  };
}
export type PowerQualityService = ReturnType<typeof createPowerQualityService>;
