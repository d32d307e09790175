import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DeviceCoverage } from '@gridlens/contract/coverage';
import type { GeoPoint } from '@gridlens/domain/geo';
import { SITE_RADIUS_MAX_KM, SITE_RADIUS_MIN_KM, type SiteCoverage } from '@gridlens/domain/power/coverage';
import { formatNumber } from '@gridlens/domain/number-format';
import { LEVEL_COLOUR } from './level-colour';

export interface SiteQuery extends GeoPoint {
  radiusKm: number;
  /** Typed in the form, or picked by a click on the map (which fills the form, and does not move the map). */
  source: 'form' | 'map';
}

interface SiteCheckProps {
  /** The site last checked (from the form or a click on the map); the form shows it. */
  query: SiteQuery | null;
  result: SiteCoverage | null;
  devices: readonly DeviceCoverage[];
  onCheck: (query: SiteQuery) => void;
  defaultRadiusKm: number;
}

type Field = 'latitude' | 'longitude' | 'radius';
const NEARBY_SHOWN = 5;

/** A number typed in either decimal mark (53.42 or 53,42), or NaN. */
const parseDecimal = (text: string) => (/^\s*-?\d+([.,]\d+)?\s*$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN);

/**
 * "Will a monitor work here?": a planned site's expected coverage from the devices already installed around it
 * (siteCoverage in the domain). The site comes from the form or from a click on the map.
 */
export function SiteCheck({ query, result, devices, onCheck, defaultRadiusKm }: SiteCheckProps) {
  const { t, i18n } = useTranslation();
  const number = (value: number, decimals: number) => formatNumber(value, i18n.language, decimals);
  const [shownFor, setShownFor] = useState<SiteQuery | null>(query);
  const [text, setText] = useState({ latitude: '', longitude: '', radius: String(defaultRadiusKm) });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // A site picked on the map fills the form; one typed in it leaves the user's own text alone.
  if (query !== shownFor) {
    setShownFor(query);
    if (query?.source === 'map') {
      setText({ latitude: query.latitude.toFixed(5), longitude: query.longitude.toFixed(5), radius: String(query.radiusKm) });
      setErrors({});
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const latitude = parseDecimal(text.latitude);
    const longitude = parseDecimal(text.longitude);
    const radiusKm = parseDecimal(text.radius);
    const found: Partial<Record<Field, string>> = {};
    if (text.latitude.trim() === '') found.latitude = t('validation.required');
    else if (!(latitude >= -90 && latitude <= 90)) found.latitude = t('coverage.site.latitudeRange');
    if (text.longitude.trim() === '') found.longitude = t('validation.required');
    else if (!(longitude >= -180 && longitude <= 180)) found.longitude = t('coverage.site.longitudeRange');
    if (!(radiusKm >= SITE_RADIUS_MIN_KM && radiusKm <= SITE_RADIUS_MAX_KM))
      found.radius = t('coverage.site.radiusRange', { min: number(SITE_RADIUS_MIN_KM, 1), max: number(SITE_RADIUS_MAX_KM, 0) });
    setErrors(found);
    if (Object.keys(found).length === 0) onCheck({ latitude, longitude, radiusKm, source: 'form' });
  };

  const field = (name: Field, label: string) => (
    <TextField
      size="small"
      label={label}
      required={name !== 'radius'}
      value={text[name]}
      onChange={(event) => setText((old) => ({ ...old, [name]: event.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `site-${name}` } }}
      sx={{ width: 150 }}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="site-check-title">
      <Typography id="site-check-title" component="h2" variant="h6">
        {t('coverage.site.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('coverage.site.intro')}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        {field('latitude', t('coverage.site.latitude'))}
        {field('longitude', t('coverage.site.longitude'))}
        {field('radius', t('coverage.site.radius'))}
        <Button type="submit" variant="contained" data-testid="site-check">
          {t('coverage.site.check')}
        </Button>
      </Box>
      {result && (
        <Box sx={{ mt: 2 }} aria-live="polite" data-testid="site-result">
          <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600 }} data-verdict={result.verdict}>
            <Box
              component="span"
              aria-hidden
              sx={{
                width: 12,
                height: 12,
                borderRadius: '50%',
                bgcolor: result.verdict === 'unknown' ? 'text.disabled' : LEVEL_COLOUR[result.verdict],
              }}
            />
            {t(`coverage.site.verdict.${result.verdict}`)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('coverage.site.nearbyCount', { count: result.nearby.length, radius: number(query?.radiusKm ?? defaultRadiusKm, 1) })}
          </Typography>
          {result.nearby.length > 0 && (
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
              {result.nearby.slice(0, NEARBY_SHOWN).map(({ index, distanceKm }) => {
                const device = devices[index];
                if (!device) return null;
                return (
                  <li key={device.device_id}>
                    <Typography variant="body2">
                      {t('coverage.site.nearbyDevice', {
                        device: device.device_id,
                        name: device.transformer_name,
                        distance: number(distanceKm, 2),
                        level: t(`coverage.levels.${device.level}`),
                      })}
                    </Typography>
                  </li>
                );
              })}
            </Box>
          )}
        </Box>
      )}
    </Paper>
  );
}
