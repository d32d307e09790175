import Grid from '@mui/material/Grid';
import { useTenantSettings, useUserSettings } from '@/lib/api/config';
import { DisplayPreferencesCard } from './display-preferences-card';
import { SectionPreferencesCard } from './section-preferences-card';
import { UserInformationCard } from './user-information-card';

/** Spec §2 Profile: user information, language, theme, temperature unit, default tab, manage and arrange sections. */
export function ProfilePage() {
  const { data: tenant } = useTenantSettings();
  const { data: settings } = useUserSettings();
  if (!tenant || !settings) return null;
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 5 }}>
        <UserInformationCard tenantName={tenant.name} />
        <DisplayPreferencesCard settings={settings} />
      </Grid>
      <Grid size={{ xs: 12, lg: 7 }}>
        <SectionPreferencesCard tenant={tenant} settings={settings} />
      </Grid>
    </Grid>
  );
}
