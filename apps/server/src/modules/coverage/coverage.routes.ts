import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CoverageQuerySchema, CoverageSchema, DeviceTestSchema } from '@gridlens/contract/coverage';
import { ApiErrorSchema, errorResponses } from '@gridlens/contract/errors';
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
    // The schema only lets 1 or 7 through; the type provider types the query by its input (a coerced number).
    handler: (request) => coverage.coverage(tenantPrincipal(request).tenantId, request.query.days as CoverageWindowDays),
  });
}

/**
 * 60 tests a minute per signed-in session: the page asks twice a minute, and an installer types a few ids; it stops a
 * script from walking through device ids to learn the fleet (the one thing an Installer-only user could do here).
 */
const DEVICE_TEST_RATE_LIMIT = {
  max: 60,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => request.headers.authorization ?? request.ip,
};

/** GET /api/powerdata/device-test/{DeviceID}: registered in a scope that lets Installer-only users in. */
export function registerDeviceTestRoutes(app: FastifyInstance, coverage: CoverageService): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/powerdata/device-test/:DeviceID', {
    config: { rateLimit: DEVICE_TEST_RATE_LIMIT },
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: "The installer's device test: is the device heard, its signal, clamps, sensor and battery (Installers allowed)",
      params: z.object({ DeviceID: z.string().min(1).max(64) }),
      response: { 200: DeviceTestSchema, 429: ApiErrorSchema, ...errorResponses },
    },
    handler: (request) => coverage.deviceTest(tenantPrincipal(request).tenantId, request.params.DeviceID),
  });
}
