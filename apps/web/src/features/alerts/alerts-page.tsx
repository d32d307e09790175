import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AlertKind } from '@/lib/api/alerts';
import { ActiveAlertsTab } from './active-alerts-tab';
import { AlertKindContext } from './alert-kind';
import { ManageAlertsTab } from './manage-alerts-tab';

const TABS = ['active', 'manage'] as const;
type AlertsTab = (typeof TABS)[number];

/**
 * An alerts screen (spec §2): power data at /powercoil_alerts, tracking at /alerts, each with the tabs Active
 * Alerts and Manage Alerts; the tab lives in the URL.
 */
function AlertsPage({ kind }: { kind: AlertKind }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: AlertsTab = params.get('tab') === 'manage' ? 'manage' : 'active';
  return (
    <AlertKindContext value={kind}>
      <Box data-testid={kind === 'tracking' ? 'tracking-alerts' : 'power-alerts'}>
        <Tabs
          value={tab}
          onChange={(_event, next: AlertsTab) => setParams(next === 'active' ? {} : { tab: next }, { replace: true })}
          aria-label={t('alerts.tabsLabel')}
          sx={{ mb: 2 }}
        >
          {TABS.map((which) => (
            <Tab
              key={which}
              value={which}
              label={t(`alerts.tabs.${which}`)}
              id={`alerts-tab-${which}`}
              aria-controls="alerts-panel"
              data-testid={`alerts-tab-${which}`}
            />
          ))}
        </Tabs>
        <Box id="alerts-panel" role="tabpanel" aria-labelledby={`alerts-tab-${tab}`}>
          {tab === 'active' ? <ActiveAlertsTab /> : <ManageAlertsTab />}
        </Box>
      </Box>
    </AlertKindContext>
  );
}

export const PowerAlertsPage = () => <AlertsPage kind="powerdata" />;
export const TrackingAlertsPage = () => <AlertsPage kind="tracking" />;
