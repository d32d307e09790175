import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ClientConfig } from '@gridlens/contract/client-config';
import type { Site } from '@gridlens/contract/rollout';
import { SITE_STATES } from '@gridlens/domain/rollout/plan';
import { MapView } from '@/lib/ui/map/map-view';
import type { MapMarker, MapTone } from '@/lib/ui/map/map-model';
import { SITE_STATE_TONES } from './rollout-model';

/** The plan's sites on the map, coloured by state (planned, installed, aborted); a site's popup links to its device. */
export default function SitesMap({ sites, tiles }: { sites: readonly Site[]; tiles: ClientConfig['mapTiles'] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const tones = useMemo(
    (): MapTone[] =>
      SITE_STATES.map((state) => {
        const tone = SITE_STATE_TONES[state];
        return {
          id: state,
          colour: tone === 'neutral' ? theme.palette.grey[500] : theme.palette[tone].main,
          label: t(`rollout.siteStates.${state}`),
        };
      }),
    [theme, t],
  );
  const markers = useMemo(() => {
    const placed: MapMarker[] = [];
    for (const site of sites) {
      if (site.latitude === null || site.longitude === null) continue;
      placed.push({
        latitude: site.latitude,
        longitude: site.longitude,
        tone: site.state,
        tooltip: site.name,
        popup: () => {
          const box = document.createElement('div');
          const name = document.createElement('strong');
          name.textContent = `${site.site_id} · ${site.name}`;
          const state = document.createElement('div');
          state.textContent = t(`rollout.siteStates.${site.state}`);
          box.append(name, state);
          if (site.device_id) {
            const link = document.createElement('a');
            link.href = `/asset/${encodeURIComponent(site.device_id)}`;
            link.textContent = site.device_id;
            link.addEventListener('click', (event) => {
              event.preventDefault();
              void navigate(link.getAttribute('href') ?? '/');
            });
            box.append(link);
          }
          return box;
        },
      });
    }
    return placed;
  }, [sites, t, navigate]);
  return <MapView label={t('rollout.mapLabel')} testId="rollout-map" tiles={tiles} tones={tones} markers={markers} cluster />;
}
