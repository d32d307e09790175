import type { AdmdExtraction, AdmdRow } from '@gridlens/contract/load-analysis';
import { admdDataSpan, admdFigures, DEFAULT_POWER_FACTOR, defaultAdmdPeriod, demandKw, halfHourMeans } from '@gridlens/domain/power/admd';
import { apparentPowerOfTotalCurrentKva } from '@gridlens/domain/power/electrical';
import { atAnswerPrecision as r2, atAnswerPrecisionOrNull as r2OrNull } from '@gridlens/domain/number-format';
import { notFound } from '../../http/http-error';
import { resolvePeriod, type PeriodInput } from '../../http/period-input';
import type { HalfHourDemandReads } from '../power-readings/power-readings.module';
import type { HalfHourDemandRow } from '../power-readings/power-readings.public';

export interface AdmdQuery extends PeriodInput {
  device_id?: string | undefined;
  power_factor?: number | undefined;
}

interface Deps {
  demand: HalfHourDemandReads;
  /** Whether the tenant keeps power data (a tracking tenant's power-data endpoints answer 404). */
  keepsPowerData: (tenantId: string) => Promise<boolean>;
  now?: () => number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** One transformer's 30-minute series in kW (the domain's bucketing over the database's half-hour means). */
function seriesOf(row: HalfHourDemandRow, powerFactor: number) {
  const demands = row.series.a.map((totalA) => demandKw(apparentPowerOfTotalCurrentKva(totalA), powerFactor));
  return halfHourMeans(row.series.t, demands);
}

function rowOf(row: HalfHourDemandRow, series: ReturnType<typeof halfHourMeans>): AdmdRow {
  const figures = admdFigures(series, row.connected_mprns);
  return {
    device_id: row.device_id,
    transformer_name: row.transformer_name,
    connected_mprns: row.connected_mprns,
    peak_demand_kw: r2OrNull(figures.peakDemandKw),
    peak_at: iso(figures.peakAtMs),
    mean_demand_kw: r2OrNull(figures.meanDemandKw),
    load_factor: r2OrNull(figures.loadFactor),
    admd_kw: r2OrNull(figures.admdKwPerCustomer),
    half_hours: series.meanKw.length,
    missing: figures.missing,
  };
}

function dataOf(span: ReturnType<typeof admdDataSpan>): AdmdExtraction['data'] {
  if (span === null) return null;
  return {
    from: new Date(span.fromMs).toISOString(),
    to: new Date(span.toMs).toISOString(),
    days: span.days,
    period_days: span.periodDays,
  };
}

/** The load analyses over measured data; ADMD first (domain-references §3). */
export function createLoadAnalysisService({ demand, keepsPowerData, now = Date.now }: Deps) {
  /** The period asked for, or the default: the latest whole winter the data hold, else the last 90 days. */
  async function periodOf(tenantId: string, query: AdmdQuery, nowMs: number) {
    if (query.range || query.from || query.to) {
      const { from, to } = resolvePeriod(query, nowMs);
      return { fromMs: from.getTime(), toMs: to.getTime(), kind: 'requested' as const };
    }
    const firstDay = await demand.firstReadingDay(tenantId);
    return defaultAdmdPeriod(nowMs, firstDay === null ? null : Date.parse(`${firstDay}T00:00:00Z`));
  }

  return {
    async admd(tenantId: string, query: AdmdQuery): Promise<AdmdExtraction> {
      if (!(await keepsPowerData(tenantId))) throw notFound('Power data');
      const powerFactor = query.power_factor ?? DEFAULT_POWER_FACTOR;
      const period = await periodOf(tenantId, query, now());
      const deviceId = query.device_id ?? null;
      const rows = await demand.halfHourDemand(tenantId, new Date(period.fromMs), new Date(period.toMs), deviceId);
      if (deviceId !== null && rows.length === 0) throw notFound('Device');
      const transformers: AdmdRow[] = [];
      let series: AdmdExtraction['series'] = null;
      const allHalfHours: ReturnType<typeof halfHourMeans>[] = [];
      for (const row of rows) {
        const halfHours = seriesOf(row, powerFactor);
        allHalfHours.push(halfHours);
        transformers.push(rowOf(row, halfHours));
        if (deviceId !== null)
          series = Array.from(halfHours.startMs, (startMs, i) => ({
            start: new Date(startMs).toISOString(),
            demand_kw: r2(halfHours.meanKw[i] as number),
          }));
      }
      return {
        from: new Date(period.fromMs).toISOString(),
        to: new Date(period.toMs).toISOString(),
        period: period.kind,
        data: dataOf(admdDataSpan(period, allHalfHours)),
        power_factor: powerFactor,
        interval_minutes: 30,
        transformers,
        series,
      };
    },
  };
}
export type LoadAnalysisService = ReturnType<typeof createLoadAnalysisService>;
