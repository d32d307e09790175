import { LoadModelsPage } from '@/features/load-models/load-models-page';
import { FleetAnalysisSection } from '@/features/load-planning/fleet-analysis-section';

/** EV modelling (/powercoil_ev): the tenant's load models, and below them load planning's fleet analysis that runs them. */
export function EvModellingPage() {
  return <LoadModelsPage fleetAnalysis={<FleetAnalysisSection />} />;
}
