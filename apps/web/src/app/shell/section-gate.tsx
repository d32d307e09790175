import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Outlet } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tenantSettingsQuery } from '@/lib/api/config';
import { loadChunk } from '@/lib/chunk-load';
import { sectionAllowed } from '@/lib/page-title';
import { useRouteHandle } from '@/lib/route-handle';
import { FullPageMessage } from './full-page-message';

// Loaded only when a section is refused: the first load of every user need not carry it (brief §8).
const LimitedAccessNotice = lazy(() =>
  loadChunk(() => import('../pages/errors/limited-access-notice')).then((m) => ({ default: m.LimitedAccessNotice })),
);

/**
 * The one access rule of the routes: a route that belongs to a section (its handle's `sectionId`) shows the
 * limited-access notice when the tenant lacks that section, inside the shell or, for report-style routes
 * (`standalone`), on a page of its own, before the screen asks for any of its data.
 */
export function SectionGate({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const { sectionId } = useRouteHandle();
  const tenant = useQuery({ ...tenantSettingsQuery, enabled: sectionId !== undefined });
  if (!sectionId) return <Outlet />;
  if (!tenant.data) {
    if (!standalone) return null; // the shell shows its own loading and failure
    return tenant.isError ? (
      <FullPageMessage message={t('errors.configLoadFailed')}>
        <Button variant="contained" onClick={() => void tenant.refetch()}>
          {t('errors.tryAgain')}
        </Button>
      </FullPageMessage>
    ) : (
      <FullPageMessage message={t('app.loading')} busy />
    );
  }
  if (sectionAllowed(sectionId, tenant.data.tabs)) return <Outlet />;
  const notice = (
    <Suspense fallback={null}>
      <LimitedAccessNotice />
    </Suspense>
  );
  return standalone ? (
    <Box component="main" sx={{ p: 3 }}>
      {notice}
    </Box>
  ) : (
    notice
  );
}
