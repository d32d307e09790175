import type { ClientConfig } from '@gridlens/contract/client-config';
import { clientConfigRoutes } from '@gridlens/contract/routes/client-config';

/** Fetched before anything renders: the identity provider to use and the environment name. */
export async function fetchClientConfig(): Promise<ClientConfig> {
  const response = await fetch(clientConfigRoutes.get.path, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`client-config.json answered ${response.status}`);
  return (await response.json()) as ClientConfig;
}
