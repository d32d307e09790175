import { createContext, useContext } from 'react';
import type { ClientConfig } from '@gridlens/contract/client-config';

export const ClientConfigContext = createContext<ClientConfig | null>(null);

export function useClientConfig(): ClientConfig {
  const config = useContext(ClientConfigContext);
  if (!config) throw new Error('useClientConfig() outside ClientConfigContext');
  return config;
}
