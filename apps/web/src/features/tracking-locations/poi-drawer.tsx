import { useContext, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { GeoPoint } from '@gridlens/domain/geo';
import { LOCATION_RADIUS_MAX_M, LOCATION_RADIUS_MIN_M } from '@gridlens/domain/tracking/positions';
import { ClientConfigContext } from '@/lib/client-config-context';
import { MapView } from '@/lib/ui/map/map-view';
import type { MapShape } from '@/lib/ui/map/map-model';
import { emptyShape, type DrawnShape } from './drawn-shape';

interface PoiDrawerProps {
  value: DrawnShape;
  onChange: (shape: DrawnShape) => void;
}

/**
 * Draws a POI on the map (docs/decisions.md, "Tracking mode: places"): a circle by clicking its centre (its
 * radius typed, 25 m to 5 km), a polygon by clicking its corners in turn. A click on the map is the only gesture,
 * so the same drawing works with a mouse, a touch screen and the browser tests; the radius and the undo and clear
 * buttons are ordinary form controls.
 */
export function PoiDrawer({ value, onChange }: PoiDrawerProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const mapTiles = useContext(ClientConfigContext)?.mapTiles ?? null;
  const colour = theme.palette.primary.main;
  // Framed once, on the shape it opened with (an edit); the user's own zoom and pan are kept after that.
  const [frame] = useState<MapShape | null>(() => shapeOnMap(value, colour)[0] ?? null);

  const pick = (point: GeoPoint) => {
    if (value.kind === 'circle') onChange({ ...value, centre: point });
    else onChange({ ...value, points: [...value.points, point] });
  };
  const shapes = useMemo(() => shapeOnMap(value, colour), [value, colour]);

  return (
    <Box data-testid="poi-drawer">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1 }}>
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
            sx={{ width: 180 }}
          />
        ) : (
          <>
            <Button
              size="small"
              disabled={value.points.length === 0}
              onClick={() => onChange({ ...value, points: value.points.slice(0, -1) })}
            >
              {t('trackingLocations.draw.undo')}
            </Button>
            <Button size="small" disabled={value.points.length === 0} onClick={() => onChange({ ...value, points: [] })}>
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

function shapeOnMap(shape: DrawnShape, colour: string): MapShape[] {
  if (shape.kind === 'circle') return shape.centre ? [{ kind: 'circle', centre: shape.centre, radiusMetres: shape.radiusM, colour }] : [];
  const corners: MapShape[] = shape.points.map((centre) => ({ kind: 'ring', centre, colour }));
  return shape.points.length >= 3 ? [{ kind: 'polygon', points: shape.points, colour }, ...corners] : corners;
}
