import { route } from '../route';

/** Where one kind of alert lives (spec §7): its base path and the prefix of its operationIds. */
interface AlertKindRoutes {
  /** Path of the kind's rules: /api/alert/powerdata or /api/alert. */
  base: string;
  /** Prefix of the kind's operationIds: `power` or `tracking`. */
  name: string;
}

/** Rules, active alerts, history and recipients of one kind of alert, under its base path. */
export function alertRoutes({ base, name }: AlertKindRoutes) {
  const Name = name.charAt(0).toUpperCase() + name.slice(1);
  return {
    list: route({
      security: 'tenant',
      method: 'GET',
      path: base,
      operationId: `list${Name}AlertRules`,
    }),
    create: route({
      security: 'tenant',
      method: 'POST',
      path: base,
      operationId: `create${Name}AlertRule`,
    }),
    active: route({
      security: 'tenant',
      method: 'GET',
      path: `${base}/active`,
      operationId: `list${Name}ActiveAlerts`,
    }),
    acknowledge: route({
      security: 'tenant',
      method: 'POST',
      path: `${base}/active/:occurrence_id/acknowledge`,
      operationId: `acknowledge${Name}Alert`,
    }),
    comment: route({
      security: 'tenant',
      method: 'POST',
      path: `${base}/active/:occurrence_id/comments`,
      operationId: `comment${Name}Alert`,
    }),
    history: route({
      security: 'tenant',
      method: 'GET',
      path: `${base}/history/:occurrence_id`,
      operationId: `get${Name}AlertHistory`,
    }),
    recipients: route({
      security: 'tenant',
      method: 'GET',
      path: `${base}/recipients/:id`,
      operationId: `list${Name}AlertRecipients`,
    }),
    addRecipient: route({
      security: 'tenant',
      method: 'POST',
      path: `${base}/recipients/:id`,
      operationId: `add${Name}AlertRecipient`,
    }),
    removeRecipient: route({
      security: 'tenant',
      method: 'DELETE',
      path: `${base}/recipients/:alert_id/:recipient_id`,
      operationId: `remove${Name}AlertRecipient`,
    }),
    get: route({
      security: 'tenant',
      method: 'GET',
      path: `${base}/:id`,
      operationId: `get${Name}AlertRule`,
    }),
    update: route({
      security: 'tenant',
      method: 'PUT',
      path: `${base}/:id`,
      operationId: `update${Name}AlertRule`,
    }),
    remove: route({
      security: 'tenant',
      method: 'DELETE',
      path: `${base}/:id`,
      operationId: `delete${Name}AlertRule`,
    }),
  };
}

/** The routes of one kind of alert (power-data or tracking). */
export type AlertRoutes = ReturnType<typeof alertRoutes>;

/** Spec §7: /api/alert/powerdata, /active, /{id}, and recipients list, add and delete as for tracking alerts. */
export const powerAlertRoutes = alertRoutes({ base: '/api/alert/powerdata', name: 'power' });

/** Spec §7: /api/alert, /api/alert/active, /api/alert/{id}, /api/alert/recipients/{id} and /{alert_id}/{recipient_id}. */
export const trackingAlertRoutes = alertRoutes({ base: '/api/alert', name: 'tracking' });
