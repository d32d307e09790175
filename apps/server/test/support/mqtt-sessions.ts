import mqtt from 'mqtt';

/**
 * Ends the broker sessions a test left behind (the subscriber's are kept for a week): connecting with a clean start
 * and no session expiry discards what the broker kept under each client id.
 */
export async function discardBrokerSessions(url: string, clientIds: readonly string[]): Promise<void> {
  await Promise.all(
    clientIds.map(async (clientId) => {
      const client = await mqtt.connectAsync(url, {
        protocolVersion: 5,
        clientId,
        clean: true,
        properties: { sessionExpiryInterval: 0 },
        reconnectPeriod: 0,
      });
      await client.endAsync();
    }),
  );
}
