import { routesPlugin, type ServerModule } from '../../server-module';
import type { LinkQualityReads } from '../power-readings/power-readings.module';
import { registerCoverageRoutes, registerDeviceTestRoutes } from './coverage.routes';
import { createCoverageService } from './coverage.service';

/** Device coverage (link quality across the fleet) and the installer's device test; its figures are power-readings'. */
export function createCoverageModule({ linkQuality }: { linkQuality: LinkQualityReads }): ServerModule {
  const service = createCoverageService({ repository: linkQuality });
  return {
    name: 'coverage',
    api: routesPlugin((api) => registerCoverageRoutes(api, service)),
    installerApi: routesPlugin((api) => registerDeviceTestRoutes(api, service)),
  };
}
