import { route } from '../route';

/** The weekly fleet report and the KPI report of tracking tenants (spec §2 /report_fleet and /report_kpi). */
export const fleetReportsRoutes = {
  fleet: route({ security: 'tenant', method: 'GET', path: '/api/report/fleet', operationId: 'getFleetReport' }),
  kpi: route({ security: 'tenant', method: 'GET', path: '/api/report/kpi', operationId: 'getKpiReport' }),
};
