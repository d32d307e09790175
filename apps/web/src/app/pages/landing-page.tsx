import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { landingSection, sectionById } from '@gridlens/domain/sections';
import { useUserSettings } from '@/lib/api/config';
import { useVisibleSections } from '@/lib/use-visible-sections';

/** Spec §2 Landing: "/" goes to the user's default section if set, else the tenant's first section. */
export function LandingPage() {
  const { t } = useTranslation();
  const sections = useVisibleSections();
  const { data: settings } = useUserSettings();
  if (!sections || !settings) return null;
  const target = landingSection(sections, settings.default_section);
  if (!target) return <Typography>{t('errors.noSections')}</Typography>;
  return <Navigate to={sectionById(target).route} replace />;
}
