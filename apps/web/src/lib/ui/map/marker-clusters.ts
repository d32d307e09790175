import L from 'leaflet';
import { clusterIndex, type ClusterIndex } from './cluster-index';
import { markerLayers, type MarkerStyle } from './map-layers';
import { textOn, type MapMarker, type MapTone } from './map-model';

/** A cluster that never splits (devices in one yard) lists this many of them when clicked. */
const LISTED_MAX = 50;

/**
 * Clusters for thousands of markers (supercluster: a k-d tree per zoom, built once per list in a few tens of ms),
 * of which only those in view are drawn, again after every move. leaflet.markercluster made a Leaflet marker for
 * every device before it showed the first cluster, about 1.5 s for 10,000 trackers. Each cluster shows its count
 * on the colour of its most serious device (tones listed worst first); a click zooms in to where it splits, or,
 * when it never splits, lists its markers' popups.
 */
export class MarkerClusters extends L.Layer {
  private index: ClusterIndex | null = null;
  private markers: readonly MapMarker[] = [];
  private readonly drawn = L.layerGroup();
  private readonly order: readonly string[];
  /** Clusters are kept up to the map's highest zoom: devices in one place stay one cluster, which lists them. */
  private readonly maxZoom: number;
  private style: MarkerStyle | null = null;
  /** Every move or zoom draws what is now in view. */
  private readonly onMove = () => this.redraw();

  constructor(tones: readonly MapTone[], maxZoom: number) {
    super();
    this.order = tones.map((tone) => tone.id);
    this.maxZoom = maxZoom;
  }

  setMarkers(markers: readonly MapMarker[], style: MarkerStyle): void {
    this.markers = markers;
    this.style = style;
    this.index = clusterIndex(markers, this.order, this.maxZoom);
    this.redraw();
  }

  override onAdd(map: L.Map): this {
    this.drawn.addTo(map);
    map.on('moveend', this.onMove);
    this.redraw();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('moveend', this.onMove);
    this.drawn.remove();
    return this;
  }

  private redraw(): void {
    const map = this._map as L.Map | undefined;
    this.drawn.clearLayers();
    if (!map || !this.index || !this.style) return;
    const view = map.getBounds().pad(0.2);
    const west = Math.max(-180, view.getWest());
    const east = Math.min(180, view.getEast());
    const items = this.index.getClusters([west, Math.max(-85, view.getSouth()), east, Math.min(85, view.getNorth())], map.getZoom());
    const singles: MapMarker[] = [];
    const style = this.style;
    for (const item of items) {
      const [longitude, latitude] = item.geometry.coordinates as [number, number];
      if ('cluster' in item.properties) {
        const { cluster_id: id, point_count: count, rank } = item.properties;
        this.drawn.addLayer(
          this.clusterMarker(id, count, style.colours.get(this.order[rank] ?? '') ?? style.fallback, latitude, longitude),
        );
      } else {
        const marker = this.markers[item.properties.index];
        if (marker) singles.push(marker);
      }
    }
    for (const layer of markerLayers(singles, style)) this.drawn.addLayer(layer);
  }

  private clusterMarker(id: number, count: number, colour: string, latitude: number, longitude: number): L.Marker {
    const icon = L.divIcon({
      html: `<span style="background:${colour};color:${textOn(colour)}">${count}</span>`,
      // marker-cluster is the class name browser tests and the map bench look for (leaflet.markercluster's own).
      className: 'map-cluster marker-cluster',
      iconSize: L.point(36, 36),
    });
    const marker = L.marker([latitude, longitude], { icon });
    marker.on('click', () => this.open(id, marker));
    return marker;
  }

  /** Zooms to where the cluster splits; one that never splits lists its markers in a popup instead. */
  private open(id: number, marker: L.Marker): void {
    const map = this._map as L.Map | undefined;
    if (!map || !this.index) return;
    const zoom = this.index.getClusterExpansionZoom(id);
    if (zoom <= this.maxZoom) {
      map.setView(marker.getLatLng(), zoom);
      return;
    }
    const list = document.createElement('div');
    list.style.maxHeight = '240px';
    list.style.overflowY = 'auto';
    for (const leaf of this.index.getLeaves(id, LISTED_MAX)) {
      const m = this.markers[leaf.properties.index];
      if (!m) continue;
      const entry = m.popup ? m.popup() : Object.assign(document.createElement('div'), { textContent: m.tooltip ?? '' });
      entry.style.marginBottom = '6px';
      list.append(entry);
    }
    marker.bindPopup(list).openPopup();
  }
}
