import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UserSettings } from '@gridlens/contract/config';
import { LANGUAGES, isLanguage } from '@gridlens/domain/language';
import type { TemperatureMetricPreference } from '@gridlens/domain/temperature';
import { useUpdateUserSettings } from '@/lib/api/config';
import { useAppStore } from '@/lib/app-store';
import { changeLanguage, LANGUAGE_NAME_KEYS } from '@/lib/language-preference';

/** Language and theme are kept in this browser; the temperature unit is saved with the user's settings. */
export function DisplayPreferencesCard({ settings }: { settings: UserSettings }) {
  const { t } = useTranslation();
  const { language, themeMode, setThemeMode, showSnackbar } = useAppStore();
  const update = useUpdateUserSettings();

  const changeTemperature = (value: string) => {
    const preference = value as TemperatureMetricPreference;
    update.mutate({ temperature_metric: preference }, { onSuccess: () => showSnackbar(t('config.saved')) });
  };

  return (
    <Card variant="outlined">
      <CardHeader
        title={
          <Typography variant="h6" component="h2">
            {t('config.preferences')}
          </Typography>
        }
      />
      <CardContent>
        <Stack spacing={3}>
          <TextField
            select
            label={t('config.language')}
            value={language}
            onChange={(event) => isLanguage(event.target.value) && changeLanguage(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'profile-language' } }}
          >
            {LANGUAGES.map((code) => (
              <MenuItem key={code} value={code} lang={code.toLowerCase()}>
                {t(LANGUAGE_NAME_KEYS[code])}
              </MenuItem>
            ))}
          </TextField>
          <div>
            <Typography id="theme-label" variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>
              {t('config.theme')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              value={themeMode}
              onChange={(_event, mode: 'light' | 'dark' | null) => mode && setThemeMode(mode)}
              aria-labelledby="theme-label"
            >
              <ToggleButton value="light">{t('config.themeLight')}</ToggleButton>
              <ToggleButton value="dark">{t('config.themeDark')}</ToggleButton>
            </ToggleButtonGroup>
          </div>
          <TextField
            select
            label={t('config.temperatureUnit')}
            value={settings.temperature_metric_preference === '' ? 'automatic' : settings.temperature_metric_preference}
            onChange={(event) => changeTemperature(event.target.value === 'automatic' ? '' : event.target.value)}
            helperText={
              settings.temperature_metric_preference === ''
                ? settings.temperature_metric === 'fahrenheit'
                  ? t('config.fahrenheit')
                  : t('config.celsius')
                : undefined
            }
            slotProps={{ htmlInput: { 'data-testid': 'profile-temperature' } }}
          >
            <MenuItem value="automatic">{t('config.temperatureAutomatic')}</MenuItem>
            <MenuItem value="celsius">{t('config.celsius')}</MenuItem>
            <MenuItem value="fahrenheit">{t('config.fahrenheit')}</MenuItem>
          </TextField>
        </Stack>
      </CardContent>
    </Card>
  );
}
