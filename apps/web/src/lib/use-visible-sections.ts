import { useMemo } from 'react';
import { arrangeSections, type SectionId } from '@gridlens/domain/sections';
import { useTenantSettings, useUserSettings } from './api/config';

/** The user's navigation order with hidden sections left out; null until both settings are loaded. */
export function useVisibleSections(): SectionId[] | null {
  const { data: tenant } = useTenantSettings();
  const { data: settings } = useUserSettings();
  return useMemo(() => {
    if (!tenant || !settings) return null;
    return arrangeSections(
      tenant.tabs.map((tab) => tab.id),
      settings.sections_order,
      settings.hidden_sections,
    );
  }, [tenant, settings]);
}
