import Supercluster from 'supercluster';
import type { MapMarker } from './map-model';

/** A point's properties in the index: which marker it is, and how serious its tone (0 = worst). */
export interface PointProps {
  index: number;
  rank: number;
}
/** A cluster's: the rank of the most serious tone among its markers. */
export interface ClusterProps {
  rank: number;
}
export type ClusterIndex = Supercluster<PointProps, ClusterProps>;

/** Clusters gather the markers within this many pixels of each other (leaflet.markercluster's default, used before). */
const CLUSTER_RADIUS_PX = 80;

/**
 * The markers indexed for clustering at every zoom up to `maxZoom` (supercluster: a k-d tree per zoom). Each
 * cluster keeps the rank of its worst marker, where `order` lists the tones worst first and a tone it does not
 * know ranks last: one fault among a thousand healthy devices still colours the cluster at the country's zoom.
 */
export function clusterIndex(markers: readonly MapMarker[], order: readonly string[], maxZoom: number): ClusterIndex {
  const rankOf = new Map(order.map((id, rank) => [id, rank]));
  const index = new Supercluster<PointProps, ClusterProps>({
    radius: CLUSTER_RADIUS_PX,
    maxZoom,
    map: (props) => ({ rank: props.rank }),
    reduce: (into, props) => {
      if (props.rank < into.rank) into.rank = props.rank;
    },
  });
  return index.load(
    markers.map((m, i) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [m.longitude, m.latitude] },
      properties: { index: i, rank: rankOf.get(m.tone) ?? order.length },
    })),
  );
}
