import type { TableOwnership } from '../../db/table-ownership';

/** Rules, occurrences and the email outbox; the lists and emails name the devices, POIs and the tenant's language. */
export const TABLES: TableOwnership = {
  owns: ['alert_rules', 'alert_recipients', 'alert_occurrences', 'alert_events', 'alert_notifications'],
  reads: { assets: ['power_devices'], tracking: ['tracking_devices', 'locations'], tenants: ['tenants'] },
};
