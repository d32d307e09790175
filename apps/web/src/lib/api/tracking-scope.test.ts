import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { tracking } from './tracking';
import { trackingDevices } from './tracking-devices';
import { journeysApi } from './tracking-journeys';
import { trackingLocations } from './tracking-locations';

describe("tracking's query scope", () => {
  it('takes in every tracking screen, so that the five-minute refresh (spec §9) refreshes each of them', async () => {
    const client = new QueryClient();
    const keys = [
      tracking.devices.key(),
      tracking.locations.key(),
      trackingDevices.messages.key({ params: { device_id: 'VAN-1' } }),
      trackingLocations.stats.key(),
      journeysApi.journeys.key(),
      journeysApi.poiReport.key(),
    ];
    for (const key of keys) client.setQueryData(key, { cached: true });
    await client.invalidateQueries({ queryKey: tracking.scope });
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual(keys.map(() => true));
  });
});
