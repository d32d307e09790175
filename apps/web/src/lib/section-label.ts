import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sectionById, tenantSectionLabel, type SectionId } from '@gridlens/domain/sections';
import { tenantSettingsQuery } from './api/config';

/**
 * The tenant's tabs as far as they are known, without asking for them: the shell and the section gate load
 * them; the title of a public page must not (a signed-out visitor would be sent away by the answer).
 */
export function useKnownTenantTabs() {
  return useQuery({ ...tenantSettingsQuery, enabled: false }).data?.tabs ?? null;
}

/** A section's name as the user reads it: the tenant's own label where it set one, the translated name otherwise. */
export function useSectionLabel(): (id: SectionId) => string {
  const { t } = useTranslation();
  const tabs = useKnownTenantTabs();
  return useCallback(
    (id: SectionId) => tenantSectionLabel(id, tabs?.find((tab) => tab.id === id)?.label) ?? t(sectionById(id).labelKey),
    [t, tabs],
  );
}
