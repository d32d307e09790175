import { useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Location } from '@gridlens/contract/tracking-locations';
import { ClientConfigContext } from '@/lib/client-config-context';
import { MapView } from '@/lib/ui/map/map-view';
import type { MapMarker } from '@/lib/ui/map/map-model';
import { locationShape, useLocationTones } from './location-tones';

/** Every POI of the list on a map: its circle or polygon coloured by type, and a marker at its centre that opens it. */
export function LocationsMap({ locations }: { locations: readonly Location[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mapTiles = useContext(ClientConfigContext)?.mapTiles ?? null;
  const { tones, colourOf } = useLocationTones();
  const shapes = useMemo(() => locations.map((l) => locationShape(l, colourOf(l.LocationType))), [locations, colourOf]);
  const markers = useMemo(
    (): MapMarker[] =>
      locations.map((l) => ({
        latitude: l.Latitude,
        longitude: l.Longitude,
        tone: l.LocationType,
        tooltip: l.FullName,
        onClick: () => void navigate(`/location/${encodeURIComponent(l.LocationID)}`),
      })),
    [locations, navigate],
  );
  return (
    <MapView
      label={t('trackingLocations.mapLabel')}
      testId="locations-map"
      tiles={mapTiles}
      tones={tones}
      markers={markers}
      shapes={shapes}
      markerRadius={5}
    />
  );
}
