/**
 * Devices publish to `<prefix>/<tenant>/devices/<device_id>/messages` (QoS 1). The broker's ACLs let a
 * device's credentials publish only to its own topic, which is why the topic's tenant is trusted.
 * Replicas subscribe through one shared subscription so that each message reaches one of them.
 */
export function deviceMessagesTopic(prefix: string, tenantId: string, deviceId: string): string {
  return `${prefix}/${tenantId}/devices/${deviceId}/messages`;
}

export function sharedSubscription(prefix: string, shareGroup: string): string {
  return `$share/${shareGroup}/${prefix}/+/devices/+/messages`;
}

export function parseDeviceTopic(prefix: string, topic: string): { tenantId: string; deviceId: string } | null {
  const parts = topic.split('/');
  const prefixParts = prefix.split('/');
  if (parts.length !== prefixParts.length + 4) return null;
  if (prefixParts.some((p, i) => parts[i] !== p)) return null;
  const [tenantId, devices, deviceId, messages] = parts.slice(prefixParts.length);
  if (!tenantId || devices !== 'devices' || !deviceId || messages !== 'messages') return null;
  return { tenantId, deviceId };
}

/** A payload is one message object or a version-1 envelope of several. */
export function payloadMessages(payload: unknown): unknown[] {
  if (typeof payload === 'object' && payload !== null && 'messages' in payload && Array.isArray(payload.messages)) {
    return (payload as { messages: unknown[] }).messages;
  }
  return [payload];
}
