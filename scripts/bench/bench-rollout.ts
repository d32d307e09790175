/**
 * Issue 30's budgets on PostgreSQL: the rollout dashboard's figures (its summary, planner groups and silent queue) for
 * a national programme (100,000 sites, 10 planner groups, two years of plan, 70,000 monitors with their dated
 * history), each p95 ≤ 300 ms beside the bare SQL of its core aggregate in the same run; and 100,000 sites imported
 * from CSV through the API in ≤ 30 s, beside a raw COPY of the same rows.
 */
import type { FastifyInstance } from 'fastify';
import { rolloutApi } from '@gridlens/contract/rollout';
import { urlOf } from '@gridlens/contract/route';
import { addPowerDataTenant, percentile, timeInTurns, type BenchBackend } from './bench-support';

const SITES = Number(process.env['BENCH_ROLLOUT_SITES'] ?? 100_000);
const GROUPS = 10;
const RUNS = Number(process.env['BENCH_ROLLOUT_RUNS'] ?? 20);
const TENANT = 'bench-rollout';
const IMPORT_TENANT = 'bench-import';
const WEEK_MS = 7 * 86_400_000;

export interface RolloutBench {
  sites: number;
  devices: number;
  history: number;
  figures: { name: string; p50: number; p95: number }[];
  sqlP50: number;
  sqlP95: number;
  importSeconds: number;
  importRows: number;
  copySeconds: number;
}

/** The programme: sites planned week by week over two years (the last quarter still ahead), 70 % fitted, 5 % aborted. */
async function fillProgramme(backend: BenchBackend, nowMs: number): Promise<void> {
  const { db } = backend;
  await addPowerDataTenant(db, TENANT, 'Bench rollout');
  await db.query(
    `INSERT INTO rollout_groups (tenant_id, name, region, weekly_target)
     SELECT $1, 'Group ' || g, 'Region ' || g, 100 FROM generate_series(1, $2::int) g`,
    [TENANT, GROUPS],
  );
  const firstMonday = new Date(nowMs - 90 * WEEK_MS).toISOString();
  await db.query(
    `WITH groups AS (SELECT group_id, row_number() OVER (ORDER BY name) - 1 AS n FROM rollout_groups WHERE tenant_id = $1),
     plan AS (
       SELECT i, (date_trunc('week', $3::timestamptz) + ((i % 104) * interval '1 week'))::date AS week FROM generate_series(1, $2::int) i
     )
     INSERT INTO rollout_sites (tenant_id, site_id, name, latitude, longitude, group_id, planned_week, device_id, attempts,
                                installed_at, abort_reason, aborted_at)
     SELECT $1, 'S' || lpad(i::text, 6, '0'), 'Site ' || i, 51.5 + (i % 1000) / 250.0, -10 + (i % 777) / 180.0,
            (SELECT group_id FROM groups WHERE n = i % ${GROUPS}), week,
            CASE WHEN i % 20 < 14 AND week < now()::date THEN 'BD' || lpad(i::text, 6, '0') END,
            CASE WHEN i % 20 < 14 AND week < now()::date THEN 1 + (i % 7 = 0)::int WHEN i % 20 = 14 AND week < now()::date THEN 1 ELSE 0 END,
            CASE WHEN i % 20 < 14 AND week < now()::date THEN week + interval '2 days' END,
            CASE WHEN i % 20 = 14 AND week < now()::date THEN 'no_access' END,
            CASE WHEN i % 20 = 14 AND week < now()::date THEN week + interval '1 day' END
       FROM plan`,
    [TENANT, SITES, firstMonday],
  );
  // The monitors of the fitted sites: most Active, some Inactive, a few fitted and never heard.
  await db.query(
    `INSERT INTO power_devices (tenant_id, device_id, transformer_name, rating_kva, device_status)
     SELECT $1, device_id, name, 400,
            CASE WHEN right(device_id, 2)::int % 50 = 0 THEN 'Installed' WHEN right(device_id, 2)::int % 25 = 1 THEN 'Inactive' ELSE 'Active' END
       FROM rollout_sites WHERE tenant_id = $1 AND device_id IS NOT NULL`,
    [TENANT],
  );
  // Their history: registered, tested and fitted, then heard (or silent), dated from the site's fitting.
  await db.query(
    `INSERT INTO device_status_history (tenant_id, device_id, at, from_status, to_status, event, changed_by)
     SELECT s.tenant_id, s.device_id, s.installed_at - interval '30 days', NULL, 'Registered', 'registration', 'import'
       FROM rollout_sites s WHERE s.tenant_id = $1 AND s.device_id IS NOT NULL
     UNION ALL
     SELECT s.tenant_id, s.device_id, s.installed_at, 'Registered', 'Installed', 'device_test', 'installer'
       FROM rollout_sites s WHERE s.tenant_id = $1 AND s.device_id IS NOT NULL
     UNION ALL
     SELECT s.tenant_id, s.device_id, s.installed_at + interval '1 hour', 'Installed', d.device_status, 'first_message', 'ingest'
       FROM rollout_sites s JOIN power_devices d ON d.tenant_id = s.tenant_id AND d.device_id = s.device_id
      WHERE s.tenant_id = $1 AND d.device_status <> 'Installed'`,
    [TENANT],
  );
  // What the heard monitors last sent: the Active ones minutes ago, the Inactive ones a week after their fitting.
  await db.query(
    `INSERT INTO power_device_latest (tenant_id, device_id, last_seq, last_message_at, current_max_a, current_med_a)
     SELECT d.tenant_id, d.device_id, 1,
            CASE WHEN d.device_status = 'Active' THEN $2::timestamptz - interval '10 minutes' ELSE s.installed_at + interval '7 days' END,
            '{120,118,121}', '{80,79,82}'
       FROM power_devices d JOIN rollout_sites s ON s.tenant_id = d.tenant_id AND s.device_id = d.device_id
      WHERE d.tenant_id = $1 AND d.device_status <> 'Installed'`,
    [TENANT, new Date(nowMs).toISOString()],
  );
  await db.query(
    'ANALYZE power_device_latest; ANALYZE rollout_sites; ANALYZE rollout_groups; ANALYZE power_devices; ANALYZE device_status_history',
  );
}

/** 100,000 sites of a new plan as the export writes them (its columns), for the import. */
function planCsv(rows: number): string {
  const lines = ['site_id,name,latitude,longitude,planner_group,planned_week,notes,device_id'];
  for (let i = 1; i <= rows; i += 1) {
    const week = `2027-W${String(1 + (i % 52)).padStart(2, '0')}`;
    lines.push(
      `N${String(i).padStart(6, '0')},New site ${i},${(52 + (i % 900) / 300).toFixed(5)},${(-9 + (i % 600) / 200).toFixed(5)},Group ${1 + (i % GROUPS)},${week},,`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export async function benchRollout(
  backend: BenchBackend,
  app: FastifyInstance,
  tokenFor: (subject: string, tenant: string, roles?: string[]) => Promise<string>,
): Promise<RolloutBench> {
  const nowMs = Date.now();
  await fillProgramme(backend, nowMs);
  const headers = { authorization: `Bearer ${await tokenFor('rollout-manager', TENANT, ['Operator'])}`, tenant: TENANT };
  const get = async (url: string) => {
    const answer = await app.inject({ method: 'GET', url, headers });
    if (answer.statusCode !== 200) throw new Error(`GET ${url} answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
    return answer;
  };
  // The core aggregate every figure rests on: the sites by group and state, and the devices by status.
  const bareSql = () =>
    backend.db.query(
      `SELECT group_id, count(*) FILTER (WHERE installed_at IS NOT NULL), count(*) FILTER (WHERE aborted_at IS NOT NULL), count(*)
         FROM rollout_sites WHERE tenant_id = $1 GROUP BY group_id;
       `,
      [TENANT],
    );
  const times = await timeInTurns(RUNS, {
    summary: () => get(urlOf(rolloutApi.summary)),
    groups: () => get(urlOf(rolloutApi.groups)),
    silent: () => get(urlOf(rolloutApi.silent)),
    sql: bareSql,
  });
  const [counts] = await backend.db.query<{ devices: number; history: number }>(
    `SELECT (SELECT count(*)::int FROM power_devices WHERE tenant_id = $1) AS devices,
            (SELECT count(*)::int FROM device_status_history WHERE tenant_id = $1) AS history`,
    [TENANT],
  );

  // The import: a new tenant's 10 planner groups, then 100,000 sites in one CSV through the API.
  await addPowerDataTenant(backend.db, IMPORT_TENANT, 'Bench import');
  await backend.db.query(
    `INSERT INTO rollout_groups (tenant_id, name, weekly_target) SELECT $1, 'Group ' || g, 100 FROM generate_series(1, $2::int) g`,
    [IMPORT_TENANT, GROUPS],
  );
  const csv = planCsv(SITES);
  const adminHeaders = {
    authorization: `Bearer ${await tokenFor('rollout-admin', IMPORT_TENANT, ['Admin'])}`,
    tenant: IMPORT_TENANT,
    'content-type': 'text/csv',
  };
  const importStart = performance.now();
  const imported = await app.inject({
    method: 'POST',
    url: urlOf(rolloutApi.importPlan, { kind: 'sites' }),
    headers: adminHeaders,
    payload: csv,
  });
  const importSeconds = (performance.now() - importStart) / 1000;
  if (imported.statusCode !== 200) throw new Error(`the import answered ${imported.statusCode}: ${imported.body.slice(0, 300)}`);
  const importRows = imported.json<{ rows: number }>().rows;
  // Its baseline: the same rows copied raw into a table of the same columns.
  await backend.db.query(
    'CREATE TABLE bench_plan_copy (site_id text, name text, latitude double precision, longitude double precision, planner_group text, planned_week text, notes text, device_id text)',
  );
  const copyStart = performance.now();
  await backend.copyCsv(
    'bench_plan_copy',
    'site_id, name, latitude, longitude, planner_group, planned_week, notes, device_id',
    csv.slice(csv.indexOf('\n') + 1),
  );
  const copySeconds = (performance.now() - copyStart) / 1000;

  return {
    sites: SITES,
    devices: counts?.devices ?? 0,
    history: counts?.history ?? 0,
    figures: (['summary', 'groups', 'silent'] as const).map((name) => ({
      name,
      p50: percentile(times[name], 50),
      p95: percentile(times[name], 95),
    })),
    sqlP50: percentile(times.sql, 50),
    sqlP95: percentile(times.sql, 95),
    importSeconds,
    importRows,
    copySeconds,
  };
}
