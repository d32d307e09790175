import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tracking as trackingCalls } from '@/lib/api/tracking';
import { useAppStore } from '@/lib/app-store';
import { loadChunk } from '@/lib/chunk-load';
import { usePageTitle } from '@/lib/page-title';
import { AppHeader } from './app-header';
import { AppSnackbar } from './app-snackbar';
import { FullPageMessage } from './full-page-message';
import { PendingLoader } from './pending-loader';
import { SectionGate } from './section-gate';
import { SideNavigation } from './side-navigation';
import { SignInErrorAlert } from './sign-in-error-alert';
import { useNavigationCollapse } from './use-navigation-collapse';
import { startTrackingRefresh } from './tracking-refresh';
import { useShellData } from './use-shell-data';

/** Spec §9: the feedback widget loads 1 s after start; tracking data refreshes every 300 000 ms (tracking-refresh.ts). */
export const FEEDBACK_WIDGET_DELAY_MS = 1000;

const FeedbackWidget = lazy(() =>
  loadChunk(() => import('@/features/feedback/feedback-widget')).then((m) => ({ default: m.FeedbackWidget })),
);

export function AppShell() {
  const { t } = useTranslation();
  const { data, failed, retry } = useShellData();
  const location = useLocation();
  const queryClient = useQueryClient();
  const setSearchText = useAppStore((s) => s.setSearchText);
  const [feedbackReady, setFeedbackReady] = useState(false);
  useNavigationCollapse();

  const title = usePageTitle();

  // The shared search box starts empty whenever another section opens.
  const area = location.pathname.split('/')[1] ?? '';
  const lastArea = useRef(area);
  useEffect(() => {
    if (lastArea.current !== area) setSearchText('');
    lastArea.current = area;
  }, [area, setSearchText]);

  useEffect(() => {
    const timer = window.setTimeout(() => setFeedbackReady(true), FEEDBACK_WIDGET_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const tracking = data?.tenant.type === 'tracking';
  useEffect(() => {
    if (!tracking) return;
    return startTrackingRefresh(() => void queryClient.invalidateQueries({ queryKey: trackingCalls.scope }));
  }, [tracking, queryClient]);

  if (failed && !data) {
    return (
      <FullPageMessage message={t('errors.configLoadFailed')}>
        <Button variant="contained" onClick={retry}>
          {t('errors.tryAgain')}
        </Button>
      </FullPageMessage>
    );
  }
  if (!data) return <FullPageMessage message={t('app.loading')} busy />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <PendingLoader />
      <SideNavigation sections={data.visibleSections} catalogue={data.catalogue} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppHeader title={title} tracking={tracking} />
        <SignInErrorAlert />
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 3 } }}>
          <SectionGate />
        </Box>
      </Box>
      <AppSnackbar />
      {feedbackReady && (
        <Suspense fallback={null}>
          <FeedbackWidget />
        </Suspense>
      )}
    </Box>
  );
}
