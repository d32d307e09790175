import L from 'leaflet';
import type { BasemapPart } from './basemap';
import type { BasemapStyle } from './basemap-style';

/** The pane of the offline basemap: above where tiles would be (200), below shapes and markers (400). */
export const BASEMAP_PANE = 'basemap';

/** How long one slice of drawing may hold the page: well under the 50 ms of a long task, for the canvas to paint. */
const SLICE_MS = 20;

interface Entry {
  part: BasemapPart;
  bounds: L.LatLngBounds;
  layer: L.GeoJSON | null;
  shown: boolean;
}

/**
 * Natural Earth's land (its outline is the coast) and borders, as Leaflet GeoJSON layers on a canvas of their own
 * in the basemap pane, so that redrawing the markers never redraws the world. Drawing the whole world at once
 * held the page for 150–270 ms: Leaflet projects every point again at each zoom. So only the islands and borders
 * near the view are on the map, added nearest first in slices shorter than a long task, and those far from it
 * leave. Not interactive: a click goes through to the map (picking a site).
 */
export class BasemapLayer extends L.Layer {
  private readonly entries: Entry[];
  // One canvas for the layer's whole life: the parts made once keep drawing on it when the layer comes back.
  private readonly renderer = L.canvas({ pane: BASEMAP_PANE });
  private timer: number | undefined;

  constructor(
    parts: readonly BasemapPart[],
    private readonly style: BasemapStyle,
  ) {
    super();
    // Natural Earth is in the public domain; naming it is the credit its authors ask for.
    L.setOptions(this, { pane: BASEMAP_PANE, attribution: '<a href="https://www.naturalearthdata.com/">Natural Earth</a>' });
    this.entries = parts.map((part) => ({
      part,
      bounds: L.latLngBounds([part.bounds.south, part.bounds.west], [part.bounds.north, part.bounds.east]),
      layer: null,
      shown: false,
    }));
  }

  override onAdd(): this {
    this.renderer.addTo(this._map);
    this.sync();
    return this;
  }

  override onRemove(): this {
    window.clearTimeout(this.timer);
    for (const entry of this.entries) {
      entry.layer?.remove();
      entry.shown = false;
    }
    // A path leaves its renderer on the map: without this, each theme switch would stack one more canvas.
    this.renderer.remove();
    return this;
  }

  override getEvents() {
    return { moveend: this.sync };
  }

  // A bound function: Leaflet calls it as the map's moveend listener.
  private readonly sync = (): void => {
    const map = this._map;
    window.clearTimeout(this.timer);
    const view = map.getBounds();
    const near = view.pad(0.5);
    const kept = view.pad(1); // a margin, so that a small pan back and forth does not add and remove the same parts
    for (const entry of this.entries)
      if (entry.shown && !kept.intersects(entry.bounds)) {
        entry.layer?.remove();
        entry.shown = false;
      }
    const centre = view.getCenter();
    const distance = (entry: Entry) => entry.bounds.getCenter().distanceTo(centre);
    const queue = this.entries.filter((entry) => !entry.shown && near.intersects(entry.bounds)).sort((a, b) => distance(a) - distance(b));
    let next = 0;
    const slice = () => {
      const start = performance.now();
      while (next < queue.length && performance.now() - start < SLICE_MS) this.show(queue[next++]!);
      if (next < queue.length) this.timer = window.setTimeout(slice, 0);
    };
    slice();
  };

  private show(entry: Entry): void {
    // GeoJSON hands its options (the pane and canvas too) to the polygon or line it makes.
    const options: L.GeoJSONOptions & L.PathOptions = {
      pane: BASEMAP_PANE,
      renderer: this.renderer,
      interactive: false,
      style:
        entry.part.kind === 'land'
          ? { stroke: true, color: this.style.coast, weight: 1, fill: true, fillColor: this.style.land, fillOpacity: 1 }
          : { color: this.style.border, weight: 1, dashArray: '4 3', fill: false },
    };
    entry.layer ??= L.geoJSON(entry.part.geometry, options);
    entry.layer.addTo(this._map);
    // One canvas draws in the order of adding: land goes under every border, whichever arrived first.
    if (entry.part.kind === 'land') entry.layer.bringToBack();
    else entry.layer.bringToFront();
    entry.shown = true;
  }
}
