import { createContext, useContext } from 'react';
import type { AlertKind } from '@/lib/api/alerts';

/** Which alerts a page shows: power data (/powercoil_alerts) or tracking (/alerts); the tabs and dialogs read it. */
export const AlertKindContext = createContext<AlertKind>('powerdata');
export const useAlertKind = () => useContext(AlertKindContext);

/** Where an alert's device opens: a transformer monitor on its asset page, a tracked device on its device page. */
export const deviceLink = (kind: AlertKind, deviceId: string) =>
  `/${kind === 'tracking' ? 'device' : 'asset'}/${encodeURIComponent(deviceId)}`;
