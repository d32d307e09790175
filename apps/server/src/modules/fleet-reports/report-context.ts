import { isoWeekOfMonday, sundayOf } from '@gridlens/domain/reports/iso-week';
import { notFound } from '../../http/http-error';
import { isoOf } from '../../http/iso-timestamp';
import type { FindTenant, TimeZoneOf } from '../tenants/tenants.module';
import type { TrackingModule } from '../tracking/tracking.module';

/** What the reports read of the tracking module: the screens' own figures (tracking/report-figures.ts). */
export type Figures = TrackingModule['reportFigures'];

export interface ReportDeps {
  figures: Figures;
  findTenant: FindTenant;
  timeZoneOf: TimeZoneOf;
  now: () => number;
}

/** A week named both ways, and its last day. */
export const weekOf = (monday: string) => ({ week: isoWeekOfMonday(monday), monday, sunday: sundayOf(monday) });

/**
 * The head every report carries, for a tracking tenant only: a power-data tenant has no trackers, and gets 404 as
 * from tracking's other figures that make no sense for it.
 */
export async function reportHead(deps: ReportDeps, tenantId: string, nowMs: number) {
  const tenant = await deps.findTenant(tenantId);
  if (tenant === null || tenant.type !== 'tracking') throw notFound('Fleet report');
  return {
    tenant_name: tenant.name,
    time_zone: await deps.timeZoneOf(tenantId),
    generated_at: isoOf(new Date(nowMs)),
    static_after_hours: await deps.figures.staticAfterHours(tenantId),
  };
}
