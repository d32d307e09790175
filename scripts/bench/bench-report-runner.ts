/**
 * Issue 29's delivery budgets end to end, on the real server with the demo's FleetCo (500 trackers, two weeks of
 * history): one weekly fleet report as CSV + XLSX (≤ 1 s, beside the same report's JSON) and as the PDF of its own
 * page (≤ 5 s median, beside a one-line page printed by a browser of the same build); then 50 schedules falling due
 * in the same minute, sent by the server's own job runner through a loopback SMTP server (all within 5 minutes),
 * while signed-in users read the settings endpoints, against the same users in the same run before any report
 * (p99 ≤ 200 ms and ≤ 2× that baseline). After the server's close, no Chromium process of this run may be left.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { configApi } from '@gridlens/contract/config';
import { fleetReportsApi } from '@gridlens/contract/fleet-reports';
import { reportSchedulesApi, type StoredReport } from '@gridlens/contract/report-schedules';
import { urlOf } from '@gridlens/contract/route';
import { isoWeekOfMonday } from '@gridlens/domain/reports/iso-week';
import { daysBefore, zonedDay } from '@gridlens/domain/time-range';
import { createPdfRenderer } from '../../apps/server/src/modules/report-delivery/pdf-renderer';
import { ingestServiceSender } from '../../apps/server/src/demo/demo-power-seed';
import { seedDemoTracking } from '../../apps/server/src/demo/demo-tracking';
import { command, startClient, startProfile } from './bench-load';
import { benchApp, maintainTables, percentile, timeInTurns, type BenchBackend } from './bench-support';
import type { LoadUser, Sample } from './load-client';

const RUNS = Number(process.env['BENCH_REPORT_RUNS'] ?? 5);
const SCHEDULES = Number(process.env['BENCH_REPORT_SCHEDULES'] ?? 50);
const RECIPIENTS_EACH = 2;
const HISTORY_DAYS = 14;
/** Signed-in users each opening a screen (which reads the settings) about every 5 s: 20 requests a second. */
const USERS = Number(process.env['BENCH_REPORT_USERS'] ?? 100);
const INTERVAL_MS = 5000;
const BASELINE_SECONDS = Number(process.env['BENCH_REPORT_BASELINE_SECONDS'] ?? 30);
/** The deliveries' budget: every email of the 50 schedules out within this long of their due minute. */
const DELIVERY_BUDGET_MS = 5 * 60_000;
const SLICE_MS = 15_000;
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

interface Delivery {
  samples: Sample[];
  emailsReceived: number;
  runsSent: number;
  /** From the due minute to the last run's sent time. */
  lastSentAfterMs: number;
  /** The users' server's event-loop delay while the deliveries ran, ms. */
  eventLoop: { p99: number; max: number };
}

export interface ReportRunnerBench {
  trackers: number;
  spreadsheetsP50Ms: number;
  jsonP50Ms: number;
  pdfP50Ms: number;
  pdfPages: number;
  tinyPdfP50Ms: number;
  schedules: number;
  emailsExpected: number;
  baselineCount: number;
  deliveries: (Omit<Delivery, 'samples'> & {
    where: string;
    settings: { name: string; baselineP99: number; duringP99: number; count: number }[];
  })[];
  settingsErrors: number;
  chromiumLeft: number;
}

interface CpuShare {
  how: string;
  remove(): void;
}

/**
 * Puts a process (and all it starts, its Chromium included) in a CPU control group of a tenth of the default share,
 * as systemd's `CPUWeight=10` does for a service. Not `nice`: the kernel's autogroups weigh each session as one,
 * and Chromium starts a session of its own, so a niced process's browser still took a whole share beside the
 * users' process. Needs a writable cgroup file system (root, or a delegated group); otherwise the process stays
 * where it is, and the line printed says so.
 */
function lowerCpuShare(pid: number): CpuShare {
  const v1 = '/sys/fs/cgroup/cpu';
  const v2 = '/sys/fs/cgroup';
  const name = `gridlens-bench-reports-${process.pid}`;
  const tries = [
    { dir: join(v1, name), file: 'cpu.shares', value: '102', how: 'a CPU cgroup of cpu.shares 102 of 1024' },
    { dir: join(v2, name), file: 'cpu.weight', value: '10', how: 'a CPU cgroup of cpu.weight 10 of 100' },
  ];
  for (const t of tries) {
    try {
      mkdirSync(t.dir);
      writeFileSync(join(t.dir, t.file), t.value);
      writeFileSync(join(t.dir, 'cgroup.procs'), String(pid));
      return {
        how: t.how,
        remove: () => {
          try {
            rmdirSync(t.dir);
          } catch {
            // still holds a process, or gone already
          }
        },
      };
    } catch {
      try {
        rmdirSync(t.dir);
      } catch {
        // never made
      }
    }
  }
  return { how: 'at the same CPU share: no cgroup could be made', remove: () => undefined };
}

/** Processes descended from this one whose name says Chromium, zombies aside: the browser and its helpers. */
export function chromiumDescendants(): number {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,stat=,comm='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .map(([pid, ppid, stat = '', comm = '']) => ({ pid: Number(pid), ppid: Number(ppid), stat, comm }));
  const ours = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows)
      if (!ours.has(row.pid) && ours.has(row.ppid)) {
        ours.add(row.pid);
        grew = true;
      }
  }
  return rows.filter((row) => row.pid !== process.pid && ours.has(row.pid) && !row.stat.startsWith('Z') && /chrom/i.test(row.comm)).length;
}

export async function benchReportRunner(backend: BenchBackend & { url: string }): Promise<ReportRunnerBench> {
  if (!existsSync(`${WEB_DIST}/index.html`)) throw new Error(`No web app at ${WEB_DIST}: run npm run build first`);
  const sink = fork(fileURLToPath(new URL('./smtp-sink-process.ts', import.meta.url)), [], { execArgv: process.execArgv });
  const ask = <T>(message: string) =>
    new Promise<T>((resolve) => {
      sink.once('message', (answer) => resolve(answer as T));
      sink.send(message);
    });
  const smtp = await new Promise<{ port: number }>((resolve) => sink.once('message', (answer) => resolve(answer as { port: number })));
  const { app, graph, tokenFor } = await benchApp(backend.db, {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
    WEB_DIST_DIR: WEB_DIST,
    PUBLIC_URL: 'https://portal.example.ie',
    CHROMIUM_PATH: CHROMIUM,
  });
  const nowMs = Date.now();
  const log = pino({ level: 'warn' });
  await seedDemoTracking(graph, ingestServiceSender(graph.ingest.service, log), nowMs, HISTORY_DAYS);
  await maintainTables(backend.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  graph.reportDelivery.listeningAt(baseUrl);
  graph.scheduler.start();
  const tiny = createPdfRenderer({ executablePath: CHROMIUM });
  let worker: ChildProcess | null = null;
  let cpuShare: CpuShare = { how: 'none', remove: () => undefined };
  const stopWorker = async () => {
    const running = worker;
    worker = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.send('stop');
    });
  };
  const client = startClient();
  try {
    const headers = { authorization: `Bearer ${await tokenFor('report-owner', 'fleetco', ['Administrator'])}`, tenant: 'fleetco' };
    const call = async (method: string, url: string, payload?: object) => {
      const answer = await app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
      if (answer.statusCode >= 300) throw new Error(`${method} ${url} answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
      return answer;
    };
    const trackers =
      (await backend.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tracking_devices WHERE tenant_id = 'fleetco'"))[0]?.n ?? 0;

    // One weekly fleet report: last week's, stored, then made into each of its files as a download makes them.
    const stored = (
      await call(reportSchedulesApi.addReport.method, urlOf(reportSchedulesApi.addReport), {
        kind: 'fleet',
        week: daysBefore(zonedDay(nowMs, 'Europe/Dublin'), 7),
      })
    ).json<StoredReport>();
    const file = (format: string) => call('GET', urlOf(reportSchedulesApi.reportFile, { id: stored.id, format }, { language: 'FR' }));
    const spreadsheets = await timeInTurns(RUNS, {
      files: async () => [await file('csv'), await file('xlsx')],
      json: () => call('GET', urlOf(fleetReportsApi.fleet, {}, { week: isoWeekOfMonday(stored.week ?? '') })),
    });
    let pdfPages = 0;
    const pdfs = await timeInTurns(
      RUNS,
      {
        report: async () => (pdfPages = pageCount((await file('pdf')).rawPayload)),
        tiny: () => tiny.render({ url: 'data:text/html,<!doctype html><p>FleetCo</p>', timeoutMs: 60_000 }),
      },
      1,
    );
    await tiny.close();

    // The settings endpoints as signed-in users read them, FleetCo's and NetZero's.
    const users: LoadUser[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const tenant = i % 2 === 0 ? 'fleetco' : 'netzero';
      const userHeaders = { authorization: `Bearer ${await tokenFor(`settings-user-${i}`, tenant)}`, tenant };
      const r = (name: string, path: string, weight: number) => ({
        request: { name, path, headers: { ...userHeaders, 'x-load-name': name } },
        weight,
      });
      users.push({
        requests: [
          r('tenant settings', urlOf(configApi.tenantSettings), 2),
          r('sections', urlOf(configApi.sections), 1),
          r('user settings', urlOf(configApi.userSettings), 1),
        ],
      });
    }
    const openLoad = async (durationMs: number): Promise<Sample[]> => {
      const result = await command(client, { kind: 'open', baseUrl, users, intervalMs: INTERVAL_MS, durationMs, ingest: null });
      if (result.kind !== 'open') throw new Error('the load client answered the wrong phase');
      return result.samples;
    };
    await command(client, { kind: 'closed', baseUrl, concurrency: 4, durationMs: 2000, requests: users.flatMap((u) => u.requests) });
    const baseline = await openLoad(BASELINE_SECONDS * 1000);

    // 50 schedules of the weekly fleet report, each to two recipients as PDF, CSV and XLSX.
    const ids: string[] = [];
    for (let i = 0; i < SCHEDULES; i += 1) {
      const schedule = (
        await call(reportSchedulesApi.createSchedule.method, urlOf(reportSchedulesApi.createSchedule), {
          report: 'fleet',
          frequency: 'weekly',
          day_of_week: 1,
          local_time: '07:00',
          language: (['EN', 'FR', 'GA', 'ES', 'PL'] as const)[i % 5],
          formats: ['pdf', 'csv', 'xlsx'],
        })
      ).json<{ id: string }>();
      for (let r = 0; r < RECIPIENTS_EACH; r += 1) {
        await call(reportSchedulesApi.addRecipient.method, urlOf(reportSchedulesApi.addRecipient, { id: schedule.id }), {
          name: `Manager ${i}-${r}`,
          email: `manager-${i}-${r}@example.com`,
        });
      }
      ids.push(schedule.id);
    }
    const managers = async () => (await ask<{ received: number }>('count')).received;

    /** All the schedules due now; the users read the settings until every run is done (or the budget is well past). */
    const deliverAll = async (): Promise<Delivery> => {
      const dueMs = Date.now();
      const emailsBefore = await managers();
      await backend.db.query('UPDATE report_schedules SET next_due_at = $2::timestamptz WHERE id = ANY($1::uuid[])', [
        ids,
        new Date(dueMs).toISOString(),
      ]);
      const finished = async () =>
        (
          await backend.db.query<{ done: number; sent: number; last: Date | null }>(
            `SELECT count(*) FILTER (WHERE status <> 'pending')::int AS done, count(*) FILTER (WHERE status = 'sent')::int AS sent,
                    max(sent_at) AS last
               FROM report_schedule_runs WHERE schedule_id = ANY($1::uuid[]) AND due_at >= $2::timestamptz`,
            [ids, new Date(dueMs).toISOString()],
          )
        )[0];
      const samples: Sample[] = [];
      const profile = process.env['BENCH_REPORT_PROFILE'] ? await startProfile(process.env['BENCH_REPORT_PROFILE']) : null;
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      let state = await finished();
      while ((state?.done ?? 0) < SCHEDULES && Date.now() - dueMs < DELIVERY_BUDGET_MS + SLICE_MS) {
        samples.push(...(await openLoad(SLICE_MS)));
        state = await finished();
      }
      delay.disable();
      await profile?.stop();
      return {
        samples,
        emailsReceived: (await managers()) - emailsBefore,
        runsSent: state?.sent ?? 0,
        lastSentAfterMs: state?.last ? new Date(state.last).getTime() - dueMs : Number.NaN,
        eventLoop: { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 },
      };
    };

    // First in this process, as `npm start` runs; then in a process of its own at a lower CPU priority (nice 10), this
    // one answering the users and running no job.
    const inProcess = await deliverAll();
    await graph.scheduler.stop();
    await graph.reportDelivery.close();
    worker = fork(fileURLToPath(new URL('./report-worker.ts', import.meta.url)), [], {
      execArgv: process.execArgv,
      env: {
        ...process.env,
        DATABASE_URL: backend.url,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
        WEB_DIST_DIR: WEB_DIST,
        PUBLIC_URL: 'https://portal.example.ie',
        CHROMIUM_PATH: CHROMIUM,
      },
    });
    cpuShare = lowerCpuShare(worker.pid ?? 0);
    await new Promise<void>((resolve, reject) => {
      worker?.once('message', () => resolve());
      worker?.once('exit', (code) => reject(new Error(`the report process ended (${code})`)));
    });
    const ownProcess = await deliverAll();
    await stopWorker();
    for (let i = 0; i < 40 && chromiumDescendants() > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    cpuShare.remove();

    const byName = (samples: Sample[], name: string) => samples.filter((s) => s[0] === name || name === 'all').map((s) => s[1]);
    const summary = ({ samples, ...rest }: Delivery) => ({
      ...rest,
      settings: ['tenant settings', 'sections', 'user settings', 'all'].map((name) => ({
        name,
        baselineP99: percentile(byName(baseline, name), 99),
        duringP99: percentile(byName(samples, name), 99),
        count: byName(samples, name).length,
      })),
    });
    return {
      trackers,
      spreadsheetsP50Ms: percentile(spreadsheets.files, 50),
      jsonP50Ms: percentile(spreadsheets.json, 50),
      pdfP50Ms: percentile(pdfs.report, 50),
      pdfPages,
      tinyPdfP50Ms: percentile(pdfs.tiny, 50),
      schedules: SCHEDULES,
      emailsExpected: SCHEDULES * RECIPIENTS_EACH,
      baselineCount: baseline.length,
      deliveries: [
        { where: 'in the process that answers the users', ...summary(inProcess) },
        { where: `in a process of its own (${cpuShare.how})`, ...summary(ownProcess) },
      ],
      settingsErrors: [...baseline, ...inProcess.samples, ...ownProcess.samples].filter((s) => s[3] !== 200).length,
      chromiumLeft: chromiumDescendants(),
    };
  } finally {
    client.kill();
    await stopWorker();
    cpuShare.remove();
    await tiny.close();
    await graph.scheduler.stop();
    await graph.reportDelivery.close();
    await app.close();
    await new Promise<void>((resolve) => {
      sink.once('exit', () => resolve());
      sink.send('stop');
    });
  }
}

/** A PDF's page count, from its page objects (Chromium writes one `/Type /Page` per page). */
function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
}
