import type { FastifyInstance } from 'fastify';
import { loadAnalysisApi } from '@gridlens/contract/load-analysis';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { LoadAnalysisService } from './load-analysis.service';
import type { LossOfLifeService } from './loss-of-life.service';

/** GET /api/powerdata/ADMD_DataExtraction and /api/powerdata/lossOfLife. */
export function registerLoadAnalysisRoutes(app: FastifyInstance, analyses: LoadAnalysisService, ageing: LossOfLifeService): void {
  bindEndpoint(app, loadAnalysisApi.admd, (request) => analyses.admd(tenantPrincipal(request).tenantId, request.query));
  bindEndpoint(app, loadAnalysisApi.lossOfLife, (request) => ageing.lossOfLife(tenantPrincipal(request).tenantId, request.query));
}
