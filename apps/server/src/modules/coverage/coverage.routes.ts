import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CoverageQuerySchema, CoverageSchema, DeviceTestSchema } from '@gridlens/contract/coverage';
import { errorResponses } from '@gridlens/contract/errors';
import type { CoverageWindowDays } from '@gridlens/domain/power/coverage';
import { TENANT_SECURITY, tenantPrincipal } from '../../auth/auth.plugin';
import type { CoverageService } from './coverage.service';

const tags = ['Power data'];

/** GET /api/powerdata/coverage: in the operators' scope (Installer-only users get 403 there). */
export function registerCoverageRoutes(app: FastifyInstance, coverage: CoverageService): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/powerdata/coverage', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: "Device coverage: every device's link quality and delivery over the last day or week, worst first",
      querystring: CoverageQuerySchema,
      response: { 200: CoverageSchema, ...errorResponses },
    },
    handler: (request) => coverage.coverage(tenantPrincipal(request).tenantId, request.query.days as CoverageWindowDays),
  });
}

/** GET /api/powerdata/device-test/{DeviceID}: registered in a scope that lets Installer-only users in. */
export function registerDeviceTestRoutes(app: FastifyInstance, coverage: CoverageService): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/powerdata/device-test/:DeviceID', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: "The installer's device test: is the device heard, its signal, clamps, sensor and battery (Installers allowed)",
      params: z.object({ DeviceID: z.string().min(1).max(64) }),
      response: { 200: DeviceTestSchema, ...errorResponses },
    },
    handler: (request) => coverage.deviceTest(tenantPrincipal(request).tenantId, request.params.DeviceID),
  });
}
