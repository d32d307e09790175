import { useMemo } from 'react';
import type { SectionId } from '@gridlens/domain/sections';
import type { SectionCatalogue, TenantSettings, UserSettings } from '@gridlens/contract/config';
import { useSectionCatalogue, useTenantSettings, useUserSettings } from '@/lib/api/config';
import { useVisibleSections } from '@/lib/use-visible-sections';

export interface ShellData {
  tenant: TenantSettings;
  settings: UserSettings;
  catalogue: SectionCatalogue;
  /** The user's navigation: tenant sections in their order, hidden ones left out. */
  visibleSections: SectionId[];
}

/** Spec §2 Landing: tenant settings, user settings and the section catalogue load before any section shows. */
export function useShellData() {
  const tenant = useTenantSettings();
  const settings = useUserSettings();
  const catalogue = useSectionCatalogue();
  const visibleSections = useVisibleSections();
  const data = useMemo<ShellData | null>(() => {
    if (!tenant.data || !settings.data || !catalogue.data || !visibleSections) return null;
    return { tenant: tenant.data, settings: settings.data, catalogue: catalogue.data, visibleSections };
  }, [tenant.data, settings.data, catalogue.data, visibleSections]);
  const failed = tenant.isError || settings.isError || catalogue.isError;
  const retry = () => {
    void tenant.refetch();
    void settings.refetch();
    void catalogue.refetch();
  };
  return { data, failed, retry };
}
