import type { FastifyInstance, FastifyRequest } from 'fastify';
import { coverageApi } from '@gridlens/contract/coverage';
import type { CoverageWindowDays } from '@gridlens/domain/power/coverage';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { CoverageService } from './coverage.service';

/** GET /api/powerdata/coverage: in the operators' scope (Installer-only users get 403 there). */
export function registerCoverageRoutes(app: FastifyInstance, coverage: CoverageService): void {
  // The schema only lets 1 or 7 through; the type provider types the query by its input (a coerced number).
  bindEndpoint(app, coverageApi.coverage, (request) =>
    coverage.coverage(tenantPrincipal(request).tenantId, request.query.days as CoverageWindowDays),
  );
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

/** GET and POST /api/powerdata/device-test/{DeviceID}: registered in a scope that lets Installer-only users in. */
export function registerDeviceTestRoutes(app: FastifyInstance, coverage: CoverageService): void {
  bindEndpoint(app, coverageApi.deviceTest, (request) => coverage.deviceTest(tenantPrincipal(request).tenantId, request.params.DeviceID), {
    config: { rateLimit: DEVICE_TEST_RATE_LIMIT },
  });
  bindEndpoint(
    app,
    coverageApi.recordDeviceTest,
    (request) => {
      const { tenantId, userId } = tenantPrincipal(request);
      return coverage.recordDeviceTest(tenantId, request.params.DeviceID, request.body, userId);
    },
    { config: { rateLimit: DEVICE_TEST_RATE_LIMIT } },
  );
}
