import { routesPlugin, type ServerModule } from '../../server-module';
import type { HydrogenForHealthReads } from '../power-quality/power-quality.module';
import type { HalfHourDemandReads, ThermalReadingsReads } from '../power-readings/power-readings.module';
import type { TimeZoneOf } from '../tenants/tenants.module';
import type { HourlyTemperaturesOf } from '../weather/weather.public';
import { registerLoadAnalysisRoutes } from './load-analysis.routes';
import { createLoadAnalysisService } from './load-analysis.service';
import { createLossOfLifeService, type AddedLoadsByHour } from './loss-of-life.service';

/**
 * Load analyses over the measured readings (ADMD, loss of life); the readings are power-readings', the hydrogen
 * sensor's power-quality', the ambient weather's, the tenant's kind and calendar tenants', the forecast load load-planning's.
 */
export function createLoadAnalysisModule({
  demand,
  thermalReadings,
  hydrogenForHealth,
  temperatures,
  keepsPowerData,
  timeZoneOf,
  addedLoadsByHour,
}: {
  demand: HalfHourDemandReads;
  thermalReadings: ThermalReadingsReads;
  hydrogenForHealth: HydrogenForHealthReads;
  temperatures: HourlyTemperaturesOf;
  keepsPowerData: (tenantId: string) => Promise<boolean>;
  timeZoneOf: TimeZoneOf;
  addedLoadsByHour: AddedLoadsByHour;
}): ServerModule {
  const service = createLoadAnalysisService({ demand, keepsPowerData });
  const ageing = createLossOfLifeService({
    readings: thermalReadings,
    hydrogen: hydrogenForHealth,
    temperatures,
    keepsPowerData,
    timeZoneOf,
    addedLoadsByHour,
  });
  return {
    name: 'load-analysis',
    api: routesPlugin((api) => registerLoadAnalysisRoutes(api, service, ageing)),
  };
}
