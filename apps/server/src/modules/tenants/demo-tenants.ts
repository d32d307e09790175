import type { TenantRow } from './tenants.repository';

/** Tenants of the demo data set; the embedded identity provider's demo users belong to them. */
export const DEMO_TENANTS: TenantRow[] = [
  {
    id: 'netzero',
    name: 'NetZero Networks',
    type: 'powerdata',
    powerdata_type: 'netzero',
    language: 'EN',
    time_zone: 'Europe/Dublin',
    tabs: [
      { id: 'assets', label: 'Assets' },
      { id: 'powercoil_analytics', label: 'Analytics' },
      { id: 'powercoil_report', label: 'Power report' },
      { id: 'powercoil_alerts', label: 'Power alerts' },
      { id: 'powercoil_ev', label: 'EV modelling' },
      { id: 'rollout', label: 'Rollout dashboard' },
    ],
  },
  {
    id: 'fleetco',
    name: 'FleetCo Logistics',
    type: 'tracking',
    powerdata_type: null,
    language: 'EN',
    time_zone: 'Europe/Dublin',
    tabs: [
      { id: 'devices', label: 'Devices' },
      { id: 'locations', label: 'Locations' },
      { id: 'journeys', label: 'Journeys' },
      { id: 'poi', label: 'Fleet report' },
      { id: 'report', label: 'Report' },
      { id: 'alerts', label: 'Alerts' },
    ],
  },
  // GridWest names one tab its own way (spec §3 tabs: id and label); the others keep the portal's names.
  {
    id: 'gridwest',
    name: 'GridWest Utilities',
    type: 'powerdata',
    powerdata_type: 'netzero',
    language: 'EN',
    time_zone: 'Europe/Dublin',
    tabs: [
      { id: 'assets', label: 'Assets' },
      { id: 'powercoil_report', label: 'Daily grid report' },
      { id: 'powercoil_alerts', label: 'Power alerts' },
    ],
  },
];
