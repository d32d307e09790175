import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { MapTone } from './map-model';

/** What each marker colour means, in the order of severity the clusters follow (worst first). */
export function MapLegend({ tones }: { tones: readonly MapTone[] }) {
  const { t } = useTranslation();
  if (tones.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('map.legend')}
      data-testid="map-legend"
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, m: 0, p: 0, listStyle: 'none', typography: 'caption' }}
    >
      {tones.map((tone) => (
        <Box component="li" key={tone.id} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
          <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: tone.colour, flex: 'none' }} />
          {tone.label}
        </Box>
      ))}
    </Box>
  );
}
