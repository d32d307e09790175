import { useTranslation } from 'react-i18next';
import { useRouteHandle } from './route-handle';
import { useKnownTenantTabs, useSectionLabel } from './section-label';

/**
 * The title of the page on screen, for the header and the browser tab: the route's own title, else its
 * section's name; "Limited access" when the route belongs to a section the tenant does not have.
 */
export function usePageTitle(): string {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const tabs = useKnownTenantTabs();
  const sectionLabel = useSectionLabel();
  if (tabs && !sectionAllowed(handle.sectionId, tabs)) return t('errors.limitedAccessTitle');
  if (handle.titleKey) return t(handle.titleKey);
  if (handle.sectionId) return sectionLabel(handle.sectionId);
  return t('app.name');
}

/** Whether the tenant has the section of the route on screen (true for routes of no section). */
export function sectionAllowed(sectionId: string | undefined, tabs: readonly { id: string }[]): boolean {
  return !sectionId || tabs.some((tab) => tab.id === sectionId);
}
