import type { FastifyInstance } from 'fastify';
import { reportSchedulesApi as api } from '@gridlens/contract/report-schedules';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { attachmentDisposition } from '../../http/content-disposition';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { ReportDownload } from './report-download';

/** GET /api/report/file/{id}/{format}: a stored report as a file to save (report management's endpoint, made here). */
export function registerReportDeliveryRoutes(app: FastifyInstance, download: ReportDownload): void {
  bindEndpoint(app, api.reportFile, async (request, reply) => {
    const { id, format } = request.params;
    const file = await download(tenantPrincipal(request).tenantId, id, format, request.query.language);
    // No caching of its own: tenant data fetched with a bearer token keeps the auth hook's `no-store`.
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachmentDisposition(file.filename))
      .header('x-content-type-options', 'nosniff')
      .send(file.content);
  });
}
