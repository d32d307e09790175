// The load bench's clients, in a process of their own (forked by bench-load.ts), so that their work is not on
// the server's event loop; it still shares the machine's cores with the server (and, on PostgreSQL, the database).
// Plain node:http over keep-alive sockets: the lightest client Node has, and each socket is reused as a
// browser reuses its connection.
import http from 'node:http';

export interface LoadRequest {
  /** The endpoint's name in the report (one name per route, whatever its parameters). */
  name: string;
  path: string;
  headers: Record<string, string>;
}

export interface LoadUser {
  /** The user's mix: each arrival picks one, with these weights. */
  requests: { request: LoadRequest; weight: number }[];
}

export interface IngestPlan {
  /** Messages a second, each POSTed alone as a device does, at evenly spread (jittered) instants. */
  perSecond: number;
  /** The ingest route's path. */
  path: string;
  /** Devices in turn: each its tenant's ingest key, what it sends (a transformer's reading, a tracker's position) and its next sequence number. */
  devices: { key: string; deviceId: string; kind: 'transformer' | 'position'; nextSeq: number }[];
}

export type LoadCommand =
  | { kind: 'open'; baseUrl: string; users: LoadUser[]; intervalMs: number; durationMs: number; ingest: IngestPlan | null }
  | { kind: 'closed'; baseUrl: string; concurrency: number; durationMs: number; requests: { request: LoadRequest; weight: number }[] };

/** One answer: endpoint, latency from its scheduled instant (ms), lag of the client behind that instant (ms), status. */
export type Sample = [name: string, latencyMs: number, lagMs: number, status: number];

export type LoadResult =
  { kind: 'open'; samples: Sample[]; ingest: IngestTally } | { kind: 'closed'; completed: number; failed: number; seconds: number };

/**
 * What became of the devices' messages: answered 200 (`sent`), or not, each failure counted by what it got (an
 * HTTP status, or the client's error code when no answer came), so that a report says why a message failed.
 */
export interface IngestTally {
  sent: number;
  failed: number;
  latencies: number[];
  failures: Record<string, number>;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

function send(baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<number> {
  return exchange(baseUrl, method, path, headers, body, false).then(([status]) => status);
}

/** A request and its answer's status, and its text when `keep` (otherwise read and dropped, as a client must before it counts as served). */
function exchange(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  keep: boolean,
): Promise<[status: number, text: string]> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, baseUrl), { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => keep && chunks.push(chunk));
      response.on('end', () => resolve([response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')]));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

function pick<T>(choices: { request: T; weight: number }[]): T {
  const total = choices.reduce((sum, c) => sum + c.weight, 0);
  let r = Math.random() * total;
  for (const choice of choices) {
    r -= choice.weight;
    if (r <= 0) return choice.request;
  }
  return choices[choices.length - 1]!.request;
}

const sleepUntil = (atMs: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, atMs - performance.now())));

/** Open model: every user arrives every intervalMs ± 20 %, whatever the answers' times; latency counts from the arrival. */
async function runOpen(command: Extract<LoadCommand, { kind: 'open' }>): Promise<LoadResult> {
  const samples: Sample[] = [];
  const start = performance.now();
  const end = start + command.durationMs;
  const pending: Promise<unknown>[] = [];
  const user = async (u: LoadUser) => {
    let at = start + Math.random() * command.intervalMs; // arrivals spread over the first interval
    while (at < end) {
      await sleepUntil(at);
      const scheduled = at;
      const request = pick(u.requests);
      const sentAt = performance.now();
      pending.push(
        send(command.baseUrl, 'GET', request.path, request.headers).then(
          (status) => samples.push([request.name, performance.now() - scheduled, sentAt - scheduled, status]),
          () => samples.push([request.name, performance.now() - scheduled, sentAt - scheduled, 0]),
        ),
      );
      at += command.intervalMs * (0.8 + 0.4 * Math.random());
    }
  };
  const ingest: IngestTally = { sent: 0, failed: 0, latencies: [], failures: {} };
  const failure = (what: string) => {
    ingest.failed += 1;
    ingest.failures[what] = (ingest.failures[what] ?? 0) + 1;
  };
  const devices = async (plan: IngestPlan) => {
    const gapMs = 1000 / plan.perSecond;
    let at = start;
    for (let i = 0; at < end; i += 1) {
      await sleepUntil(at);
      const scheduled = at;
      const device = plan.devices[i % plan.devices.length]!;
      const message =
        device.kind === 'position' ? positionMessage(device.deviceId, device.nextSeq) : ingestMessage(device.deviceId, device.nextSeq);
      device.nextSeq += 1;
      pending.push(
        exchange(
          command.baseUrl,
          'POST',
          plan.path,
          { authorization: `Bearer ${device.key}`, 'content-type': 'application/json' },
          JSON.stringify({ v: 1, messages: [message] }),
          true,
        ).then(
          ([status, text]) => {
            // A 200 answers per message: the message counts as stored only if it was accepted (or already stored).
            const refused = status === 200 ? (JSON.parse(text) as { rejected: number }).rejected : 0;
            if (status !== 200) failure(`HTTP ${status}`);
            else if (refused > 0) failure('rejected');
            else ingest.sent += 1;
            ingest.latencies.push(performance.now() - scheduled);
          },
          (error: NodeJS.ErrnoException) => failure(error.code ?? error.message),
        ),
      );
      at += gapMs * (0.5 + Math.random()); // devices keep their own clocks: gaps jitter around the mean
    }
  };
  await Promise.all([...command.users.map(user), command.ingest ? devices(command.ingest) : Promise.resolve()]);
  await Promise.all(pending);
  return { kind: 'open', samples, ingest };
}

/** A transformer reading of now, as a demo device sends it (values in its usual ranges). */
function ingestMessage(deviceId: string, seq: number) {
  const load = 60 + Math.random() * 120;
  return {
    kind: 'transformer',
    device_id: deviceId,
    seq,
    time: new Date().toISOString(),
    current_max_a: [load * 1.2, load * 1.1, load],
    current_med_a: [load, load * 0.9, load * 0.8],
    temperature_max_c: 40 + Math.random() * 20,
    temperature_med_c: 38 + Math.random() * 10,
    battery_pct: 80,
    lqi: 150,
  };
}

/** A tracker's GPS fix of now, somewhere in Ireland, as a demo tracker sends it. */
function positionMessage(deviceId: string, seq: number) {
  return {
    kind: 'position',
    device_id: deviceId,
    seq,
    time: new Date().toISOString(),
    latitude: 52 + Math.random() * 2,
    longitude: -9 + Math.random() * 3,
    message_type: 'gps',
    battery_pct: 80,
    accuracy_m: 10,
  };
}

/** Closed loop: `concurrency` clients, each sending its next request as soon as the previous answer is read. */
async function runClosed(command: Extract<LoadCommand, { kind: 'closed' }>): Promise<LoadResult> {
  let completed = 0;
  let failed = 0;
  const start = performance.now();
  const end = start + command.durationMs;
  const client = async () => {
    do {
      const request = pick(command.requests);
      const status = await send(command.baseUrl, 'GET', request.path, request.headers).catch(() => 0);
      if (status === 200) completed += 1;
      else failed += 1;
    } while (performance.now() < end); // at least one request: durationMs 0 times a single one
  };
  await Promise.all(Array.from({ length: command.concurrency }, client));
  return { kind: 'closed', completed, failed, seconds: (performance.now() - start) / 1000 };
}

process.on('message', (command: LoadCommand) => {
  void (command.kind === 'open' ? runOpen(command) : runClosed(command)).then((result) => process.send?.(result));
});
process.on('disconnect', () => process.exit(0));
