import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { healthApi } from '@gridlens/contract/health';
import { pathOf } from '@gridlens/contract/route';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER_ENTRY = join(REPO_ROOT, 'apps/server/src/server.ts');
const START_TIMEOUT_MS = 60_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A JSON log line of the server (pino). */
export type LogLine = { msg?: string } & Record<string, unknown>;

/** The real server as `tsx src/server.ts` runs it. tsx starts node as a child, so the pair gets its own process group. */
export class ServerProcess {
  readonly output: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;
  private running = true;

  constructor(
    readonly port: number,
    dataDir: string,
    extraEnv: Record<string, string>,
  ) {
    // One process (node with tsx as its loader), so that signals reach the server itself and nothing relays them.
    this.child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      cwd: REPO_ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Only what the server needs: nothing inherited may point it at another database, broker or issuer.
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? tmpdir(),
        TMPDIR: tmpdir(),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'true',
        DEMO_HISTORY_DAYS: '0', // the demo fleet without history: readiness comes at once
        DEMO_TRACKING_HISTORY_DAYS: '0',
        WEB_DIST_DIR: '/nonexistent',
        MQTT_PORT: '0', // the embedded broker on a free port: suites run side by side
        ...extraEnv,
      },
    });
    this.child.stdout?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => {
        this.running = false;
        resolve({ code, signal });
      }),
    );
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get alive(): boolean {
    return this.running;
  }

  /** The JSON lines the server has logged so far. */
  logLines(): LogLine[] {
    return this.output
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => {
        try {
          return JSON.parse(line) as LogLine;
        } catch {
          return {}; // a line still being written
        }
      });
  }

  async waitUntilReady(): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`server exited before it was ready:\n${this.output.join('')}`);
      const ready = await fetch(`${this.url}${pathOf(healthApi.ready)}`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`server not ready after ${START_TIMEOUT_MS} ms:\n${this.output.join('')}`);
  }

  /** Signals the whole process group (tsx and the node process running the server). */
  signal(signal: NodeJS.Signals): void {
    if (this.running && this.child.pid !== undefined) process.kill(-this.child.pid, signal);
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.signal('SIGKILL');
    await this.exited;
  }
}
