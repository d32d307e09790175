import { route } from '../route';

/**
 * Spec §7: /api/report/1/24 (the stored reports, a page of them), /api/report (add), /api/report/schedule,
 * /api/report/schedule/{id}, /api/report/recipients/{id} and /api/report/recipients/{report_id}/{recipient_id};
 * and a stored report's file, /api/report/file/{id}/{format}. The static segments `schedule`, `recipients` and
 * `file` take precedence over the page parameters.
 */
export const reportSchedulesRoutes = {
  reports: route({ security: 'tenant', method: 'GET', path: '/api/report/:page/:per_page', operationId: 'listStoredReports' }),
  addReport: route({ security: 'tenant', method: 'POST', path: '/api/report', operationId: 'addStoredReport' }),
  reportFile: route({
    security: 'tenant',
    method: 'GET',
    path: '/api/report/file/:id/:format',
    operationId: 'downloadStoredReport',
    answersBytes: true,
  }),
  schedules: route({ security: 'tenant', method: 'GET', path: '/api/report/schedule', operationId: 'listReportSchedules' }),
  createSchedule: route({ security: 'tenant', method: 'POST', path: '/api/report/schedule', operationId: 'createReportSchedule' }),
  schedule: route({ security: 'tenant', method: 'GET', path: '/api/report/schedule/:id', operationId: 'getReportSchedule' }),
  updateSchedule: route({ security: 'tenant', method: 'PUT', path: '/api/report/schedule/:id', operationId: 'updateReportSchedule' }),
  removeSchedule: route({ security: 'tenant', method: 'DELETE', path: '/api/report/schedule/:id', operationId: 'deleteReportSchedule' }),
  sendNow: route({ security: 'tenant', method: 'POST', path: '/api/report/schedule/:id/send', operationId: 'sendReportNow' }),
  sendRunAgain: route({
    security: 'tenant',
    method: 'POST',
    path: '/api/report/schedule/:id/runs/:run_id/send',
    operationId: 'sendReportRunAgain',
  }),
  recipients: route({ security: 'tenant', method: 'GET', path: '/api/report/recipients/:id', operationId: 'listReportRecipients' }),
  addRecipient: route({ security: 'tenant', method: 'POST', path: '/api/report/recipients/:id', operationId: 'addReportRecipient' }),
  removeRecipient: route({
    security: 'tenant',
    method: 'DELETE',
    path: '/api/report/recipients/:report_id/:recipient_id',
    operationId: 'removeReportRecipient',
  }),
};
