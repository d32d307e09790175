import { describe, expect, it } from 'vitest';
import { clusterIndex } from './cluster-index';
import type { MapMarker } from './map-model';

const order = ['error', 'warning', 'success'];
const at = (latitude: number, longitude: number, tone: string): MapMarker => ({ latitude, longitude, tone });
const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

describe('clusterIndex', () => {
  it('gathers nearby markers into one cluster counting them, coloured by the worst tone among them', () => {
    const markers = [at(53.3, -6.2, 'success'), at(53.31, -6.21, 'warning'), at(53.29, -6.19, 'success')];
    const [cluster, ...rest] = clusterIndex(markers, order, 18).getClusters(WORLD, 6);
    expect(rest).toEqual([]);
    expect(cluster?.properties).toMatchObject({ cluster: true, point_count: 3, rank: 1 });
  });

  it('ranks a tone the order does not know last', () => {
    const markers = [at(53.3, -6.2, 'unknown'), at(53.3, -6.2, 'success')];
    expect(clusterIndex(markers, order, 18).getClusters(WORLD, 6)[0]?.properties).toMatchObject({ rank: 2 });
    const unknownOnly = [at(53.3, -6.2, 'unknown'), at(53.3, -6.2, 'unknown')];
    expect(clusterIndex(unknownOnly, order, 18).getClusters(WORLD, 6)[0]?.properties).toMatchObject({ rank: 3 });
  });

  it('keeps markers far apart as single points that name their marker', () => {
    const markers = [at(53.3, -6.2, 'success'), at(51.9, -8.5, 'error')];
    const items = clusterIndex(markers, order, 18).getClusters(WORLD, 10);
    expect(items.map((i) => i.properties).sort((a, b) => ('index' in a && 'index' in b ? a.index - b.index : 0))).toEqual([
      { index: 0, rank: 2 },
      { index: 1, rank: 0 },
    ]);
  });

  it('keeps markers in one place clustered even at the highest zoom, so that a click can list them', () => {
    const markers = Array.from({ length: 40 }, () => at(53.3, -6.2, 'success'));
    const index = clusterIndex(markers, order, 18);
    const [cluster] = index.getClusters(WORLD, 18);
    expect(cluster?.properties).toMatchObject({ cluster: true, point_count: 40 });
    if (!cluster || !('cluster_id' in cluster.properties)) throw new Error('expected a cluster');
    expect(index.getClusterExpansionZoom(cluster.properties.cluster_id)).toBeGreaterThan(18);
    expect(index.getLeaves(cluster.properties.cluster_id, 50)).toHaveLength(40);
  });
});
