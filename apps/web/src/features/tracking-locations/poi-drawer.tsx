import { useContext, useEffect, useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { GazetteerPlace } from '@gridlens/contract/tracking-locations';
import { DEGREES_LIMIT, formatDegrees, parseDegrees, type Axis } from '@gridlens/domain/coordinates';
import type { GeoPoint } from '@gridlens/domain/geo';
import { DEFAULT_MAP_VIEW } from '@gridlens/domain/map-view';
import { LOCATION_RADIUS_MAX_M, LOCATION_RADIUS_MIN_M } from '@gridlens/domain/tracking/positions';
import { useLocations } from '@/lib/api/tracking';
import { usePlaceSearch } from '@/lib/api/tracking-locations';
import { ClientConfigContext } from '@/lib/client-config-context';
import { usePositionColours } from '@/lib/ui/location-colours';
import { poiShape } from '@/lib/ui/map/location-shape';
import { MapView } from '@/lib/ui/map/map-view';
import type { GeoBounds, MapShape } from '@/lib/ui/map/map-model';
import { drawingOpeningView, emptyShape, type DrawnShape } from './drawn-shape';

interface PoiDrawerProps {
  value: DrawnShape;
  /** The id of the POI being edited, left out of the tenant's POIs drawn around it; null for a new one. */
  editing: string | null;
  onChange: (shape: DrawnShape) => void;
}

/** How much around a town the map shows when one is picked: a zoom of about 12, a town and its outskirts. */
const TOWN_FRAME_M = 3000;
/** A pause in typing before the towns are asked for. */
const SEARCH_DELAY_MS = 250;

/**
 * Draws a POI on the map (docs/decisions.md, "Tracking mode: places" and "Drawing a POI: zoom limits, coordinates
 * and town search"): a circle by clicking its centre or typing its latitude and longitude (its radius typed, 25 m
 * to 5 km), a polygon by clicking its corners in turn or typing each. A town searched for frames the map on it.
 * A click on the map is the only gesture, so the same drawing works with a mouse, a touch screen and the browser
 * tests; everything else is an ordinary form control.
 */
export function PoiDrawer({ value, editing, onChange }: PoiDrawerProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const mapTiles = useContext(ClientConfigContext)?.mapTiles ?? null;
  const colour = theme.palette.primary.main;
  const locations = useLocations();
  const typeColours = usePositionColours();
  // Framed on the shape it opened with (an edit), else on the tenant's POIs once they are known (on Ireland without
  // any, or when they cannot be read), then on a town picked or a centre typed; the user's own zoom and pan are
  // kept otherwise.
  const [frame, setFrame] = useState<MapShape | GeoBounds | null>(() => shapeOnMap(value, colour)[0] ?? null);
  // Whether the map has opened on something: a drawing begun before the POIs arrive is not moved away from.
  const [opened, setOpened] = useState(frame !== null);
  if (!opened && shapeOnMap(value, colour).length > 0) setOpened(true);
  else if (!opened && (locations.data || locations.isError)) {
    setOpened(true);
    setFrame(drawingOpeningView(locations.data ?? []));
  }
  // The town picked, marked on the map: inside the land the offline map has nothing else to go by.
  const [town, setTown] = useState<GazetteerPlace | null>(null);
  const townColour = theme.palette.text.secondary;
  const centre = value.kind === 'circle' ? value.centre : (value.points.at(-1) ?? null);
  const coordinates = useCoordinateFields(value.kind === 'circle' ? value.centre : null);

  const pick = (point: GeoPoint) => {
    if (value.kind === 'circle') onChange({ ...value, centre: point });
    else onChange({ ...value, points: [...value.points, point] });
  };
  const typed = (point: GeoPoint | null) => {
    if (value.kind !== 'circle' || !point) return;
    onChange({ ...value, centre: point });
    setFrame({ kind: 'circle', centre: point, radiusMetres: value.radiusM, colour });
  };
  // The tenant's POIs, in their types' colours, under the one being drawn: where it goes among them. The one being
  // edited is left out (it is the shape drawn). Not named on hover: a named outline would take the click, and
  // Leaflet gives a click on one a few pixels wide the POI's centre instead of the point clicked.
  const existing = useMemo(
    () => (locations.data ?? []).filter((l) => l.LocationID !== editing).map((l) => poiShape(l, typeColours[l.LocationType], false)),
    [locations.data, typeColours, editing],
  );
  const shapes = useMemo(
    (): MapShape[] => [
      ...existing,
      ...(town ? [{ kind: 'ring' as const, centre: town, colour: townColour }] : []),
      ...shapeOnMap(value, colour),
    ],
    [existing, value, colour, town, townColour],
  );

  return (
    <Box data-testid="poi-drawer">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={value.kind}
          aria-label={t('trackingLocations.draw.shape')}
          onChange={(_event, kind: DrawnShape['kind'] | null) => kind && kind !== value.kind && onChange(emptyShape(kind))}
        >
          <ToggleButton value="circle" data-testid="draw-circle">
            {t('trackingLocations.shapes.circle')}
          </ToggleButton>
          <ToggleButton value="polygon" data-testid="draw-polygon">
            {t('trackingLocations.shapes.polygon')}
          </ToggleButton>
        </ToggleButtonGroup>
        <TownSearch
          near={centre ?? DEFAULT_MAP_VIEW}
          onPick={(picked) => {
            setTown(picked);
            setFrame({ kind: 'circle', centre: picked, radiusMetres: TOWN_FRAME_M, colour: townColour });
          }}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, mb: 1 }}>
        {(['latitude', 'longitude'] as const).map((axis) => (
          <TextField
            key={axis}
            size="small"
            label={t(`trackingLocations.fields.${axis}`)}
            value={coordinates.text[axis]}
            onChange={(event) => typed(coordinates.type(axis, event.target.value))}
            error={coordinates.problem(axis) !== null}
            helperText={
              coordinates.problem(axis) ?? t('trackingLocations.draw.degreesHint', { example: formatDegrees(DEFAULT_MAP_VIEW[axis]) })
            }
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `draw-${axis}` } }}
            sx={{ width: 240 }}
          />
        ))}
        {value.kind === 'circle' ? (
          <TextField
            size="small"
            type="number"
            label={t('trackingLocations.fields.radius')}
            value={value.radiusM}
            onChange={(event) => onChange({ ...value, radiusM: Number(event.target.value) })}
            error={value.radiusM < LOCATION_RADIUS_MIN_M || value.radiusM > LOCATION_RADIUS_MAX_M}
            helperText={t('trackingLocations.draw.radiusRange', { min: LOCATION_RADIUS_MIN_M, max: LOCATION_RADIUS_MAX_M })}
            slotProps={{ htmlInput: { min: LOCATION_RADIUS_MIN_M, max: LOCATION_RADIUS_MAX_M, step: 25, 'data-testid': 'draw-radius' } }}
            sx={{ width: 160 }}
          />
        ) : (
          <>
            <Button
              size="small"
              disabled={coordinates.point === null}
              onClick={() => coordinates.point && pick(coordinates.point)}
              data-testid="draw-add-corner"
              sx={{ mt: 0.5 }}
            >
              {t('trackingLocations.draw.addCorner')}
            </Button>
            <Button
              size="small"
              disabled={value.points.length === 0}
              onClick={() => onChange({ ...value, points: value.points.slice(0, -1) })}
              sx={{ mt: 0.5 }}
            >
              {t('trackingLocations.draw.undo')}
            </Button>
            <Button size="small" disabled={value.points.length === 0} onClick={() => onChange({ ...value, points: [] })} sx={{ mt: 0.5 }}>
              {t('trackingLocations.draw.clear')}
            </Button>
          </>
        )}
      </Box>
      <MapView
        label={t('trackingLocations.draw.mapLabel')}
        testId="draw-map"
        tiles={mapTiles}
        tones={[]}
        shapes={shapes}
        frame={frame}
        onPick={pick}
        hint={
          value.kind === 'circle'
            ? t('trackingLocations.draw.circleHint')
            : t('trackingLocations.draw.polygonHint', { n: value.points.length })
        }
      />
    </Box>
  );
}

/**
 * The latitude and longitude fields: what the user typed (kept as typed, "53,42" included), the point they make
 * when both read, and the circle's centre written into them when it moves by a click on the map.
 */
function useCoordinateFields(centre: GeoPoint | null) {
  const { t } = useTranslation();
  const [text, setText] = useState<Record<Axis, string>>(() => textOf(centre));
  const [shown, setShown] = useState(centre);
  // A centre placed by a click (or a new shape) is written into the fields; one they made already stays as typed.
  if (centre !== shown) {
    setShown(centre);
    if (!centre || !sameAsTyped(text, centre)) setText(textOf(centre));
  }
  const read = (axis: Axis, from = text) => parseDegrees(from[axis], axis);
  const pointOf = (from: Record<Axis, string>): GeoPoint | null => {
    const latitude = read('latitude', from);
    const longitude = read('longitude', from);
    return latitude.ok && longitude.ok ? { latitude: latitude.value, longitude: longitude.value } : null;
  };
  return {
    text,
    point: pointOf(text),
    /** Takes what was typed in one field; the point both fields make now, or null. */
    type(axis: Axis, typed: string): GeoPoint | null {
      const next = { ...text, [axis]: typed };
      setText(next);
      return pointOf(next);
    },
    /** What is wrong with a field, naming it; nothing while it is empty (the form says a shape is missing). */
    problem(axis: Axis): string | null {
      const parsed = read(axis);
      if (parsed.ok || parsed.problem === 'required') return null;
      const field = t(`trackingLocations.fields.${axis}`);
      return parsed.problem === 'range'
        ? t('trackingLocations.problems.degreesRange', { field, min: -DEGREES_LIMIT[axis], max: DEGREES_LIMIT[axis] })
        : t('trackingLocations.problems.degreesNumber', { field });
    },
  };
}

const textOf = (point: GeoPoint | null): Record<Axis, string> =>
  point ? { latitude: formatDegrees(point.latitude), longitude: formatDegrees(point.longitude) } : { latitude: '', longitude: '' };

function sameAsTyped(text: Record<Axis, string>, point: GeoPoint): boolean {
  const latitude = parseDegrees(text.latitude, 'latitude');
  const longitude = parseDegrees(text.longitude, 'longitude');
  return latitude.ok && longitude.ok && latitude.value === point.latitude && longitude.value === point.longitude;
}

/** Finds a town of the offline gazetteer (GeoNames) by name, the nearest to `near` first; picking one frames the map. */
function TownSearch({ near, onPick }: { near: GeoPoint; onPick: (town: GazetteerPlace) => void }) {
  const { t, i18n } = useTranslation();
  const [input, setInput] = useState('');
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setAsked(input), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [input]);
  const towns = usePlaceSearch(asked, near);
  const countries = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);
  const labelOf = (town: GazetteerPlace) => [town.name, town.region, countries.of(town.country) ?? town.country].filter(Boolean).join(', ');
  return (
    <Autocomplete<GazetteerPlace, false, false, false>
      size="small"
      sx={{ flex: '1 1 260px', maxWidth: 420 }}
      options={asked.trim().length >= 2 ? (towns.data ?? []) : []}
      filterOptions={(options) => options}
      getOptionLabel={labelOf}
      getOptionKey={(town) => `${town.name}|${town.country}|${town.latitude}|${town.longitude}`}
      isOptionEqualToValue={(a, b) => a.latitude === b.latitude && a.longitude === b.longitude && a.name === b.name}
      loading={towns.isFetching}
      loadingText={t('trackingLocations.draw.townSearching')}
      noOptionsText={asked.trim().length >= 2 ? t('trackingLocations.draw.townNone') : t('trackingLocations.draw.townTypeMore')}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      onChange={(_event, town) => town && onPick(town)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('trackingLocations.draw.townSearch')}
          helperText={t('trackingLocations.draw.townCredit')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'draw-town' } }}
        />
      )}
    />
  );
}

function shapeOnMap(shape: DrawnShape, colour: string): MapShape[] {
  if (shape.kind === 'circle') return shape.centre ? [{ kind: 'circle', centre: shape.centre, radiusMetres: shape.radiusM, colour }] : [];
  const corners: MapShape[] = shape.points.map((centre) => ({ kind: 'ring', centre, colour }));
  return shape.points.length >= 3 ? [{ kind: 'polygon', points: shape.points, colour }, ...corners] : corners;
}
