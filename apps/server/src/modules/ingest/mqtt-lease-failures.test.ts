import { capturedLog } from '../../../test/support/captured-log';
import { describe, expect, it, vi } from 'vitest';
import type { IngestService } from './ingest.service';
import type { SessionLeases } from './mqtt-session-leases';
import { startMqttSubscriber } from './mqtt-subscriber';

interface LogLine {
  msg: string;
  count?: number;
  err?: { message: string };
}

describe("the MQTT subscriber's failing lease store", () => {
  it('is logged at its first failure, and the failures that followed as one count once it answers again', async () => {
    const { log, lines } = capturedLog<LogLine>();
    let failuresLeft = 3;
    const leases: SessionLeases = {
      members: () => {
        failuresLeft -= 1;
        return failuresLeft >= 0 ? Promise.reject(new Error(`database away (${failuresLeft} left)`)) : Promise.resolve(1);
      },
      // No lease is ever free, so no session is opened and no broker is needed.
      acquire: () => Promise.resolve(false),
      release: () => Promise.resolve(),
      onLost: () => undefined,
      close: () => Promise.resolve(),
    };
    const subscriber = startMqttSubscriber(
      { url: 'mqtt://127.0.0.1:1', topicPrefix: 'gridlens-test', shareGroup: 'gridlens', clientId: 'lease-failures', rebalanceMs: 10 },
      {} as IngestService,
      () => Promise.resolve(true),
      log,
      leases,
    );
    try {
      await vi.waitFor(() => expect(lines.map((line) => line.msg)).toContain('MQTT session leases can be checked again'), {
        timeout: 5_000,
        interval: 10,
      });
    } finally {
      await subscriber.close();
    }
    const leaseLines = lines.filter((line) => line.msg.startsWith('MQTT session leases'));
    expect(leaseLines.map((line) => [line.msg, line.count, line.err?.message])).toEqual([
      ['MQTT session leases could not be checked: no session is taken over until they can', undefined, 'database away (2 left)'],
      [
        'MQTT session leases could not be checked 2 more time(s) within the minute, not logged one by one',
        2,
        'database away (0 left)', // the latest
      ],
      ['MQTT session leases can be checked again', undefined, undefined],
    ]);
  });
});
