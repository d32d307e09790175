import type { ClientConfig } from '@gridlens/contract/client-config';
import { clientConfigRoutes } from '@gridlens/contract/routes/client-config';
import { takeEarlyClientConfig } from './early-answers';

/**
 * Fetched before anything renders: the identity provider to use and the environment name. The script that runs
 * before the shell (early-start.ts) has usually fetched it already; if that failed, it is asked for again here.
 */
export async function fetchClientConfig(): Promise<ClientConfig> {
  const early = takeEarlyClientConfig();
  if (early) {
    const config = await early.catch(() => null);
    if (config) return config as ClientConfig;
  }
  const response = await fetch(clientConfigRoutes.get.path, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`client-config.json answered ${response.status}`);
  return (await response.json()) as ClientConfig;
}
