/**
 * Issue 29's delivery budgets: CSV + XLSX of a report with 500 rows per sheet in ≤ 1 s, beside JSON.stringify of the
 * same tables (the floor of any pass that writes them out); the PDF of a report-sized page (500 table rows, about a
 * dozen A4 pages) in ≤ 5 s median, beside the PDF of a one-line page through the same browser (the fixed cost of a
 * page). Both in the same run. After the renderer's close, no Chromium process of this run may be left.
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReportTables } from '../../packages/contract/src/report-tables';
import { createPdfRenderer } from '../../apps/server/src/modules/report-delivery/pdf-renderer';
import { reportCsvFiles, reportXlsx } from '../../apps/server/src/modules/report-delivery/report-spreadsheets';
import { percentile, timeInTurns } from './bench-support';

const ROWS = 500;
const RUNS = Number(process.env['BENCH_REPORT_RUNS'] ?? 5);
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** A weekly fleet report's shape: three sheets of 500 rows, every column kind present. */
export function benchReportTables(rows = ROWS): ReportTables {
  const weekStartMs = Date.UTC(2026, 10, 16);
  const sheet = (name: string) => ({
    name,
    columns: [
      { key: 'tracker', label: 'Tracker', kind: 'text' as const },
      { key: 'customer', label: 'Customer', kind: 'text' as const },
      { key: 'assets', label: 'Assets', kind: 'number' as const },
      { key: 'utilisation', label: 'Utilisation', kind: 'percent' as const },
      { key: 'since', label: 'Since', kind: 'date' as const },
      { key: 'seen', label: 'Last seen', kind: 'datetime' as const },
      { key: 'cycle', label: 'Cycle time', kind: 'duration_hours' as const },
    ],
    rows: Array.from({ length: rows }, (_, i) => ({
      tracker: `FT-${String(i).padStart(4, '0')}`,
      customer: i % 7 === 0 ? 'Brady, Sons & "Co"' : `Customer ${i % 40}`,
      assets: (i * 37) % 500,
      utilisation: ((i * 13) % 1000) / 10,
      since: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}`,
      seen: weekStartMs + i * 600_000,
      cycle: ((i * 7) % 400) / 4,
    })),
  });
  return { title: 'Weekly fleet report', sheets: [sheet('Held at customers'), sheet('Silent trackers'), sheet('Cycle times')] };
}

/** The tables as one HTML page, A4, a header repeated on every page: about what the fleet report route prints. */
function reportHtml(tables: ReportTables): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const sections = tables.sheets.map(
    (
      sheet,
    ) => `<section><h2>${escape(sheet.name)}</h2><table><thead><tr>${sheet.columns.map((c) => `<th>${escape(c.label)}</th>`).join('')}</tr></thead>
      <tbody>${sheet.rows.map((row) => `<tr>${sheet.columns.map((c) => `<td>${escape(String(row[c.key] ?? ''))}</td>`).join('')}</tr>`).join('\n')}</tbody></table></section>`,
  );
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    @page { size: A4; margin: 14mm } body { font: 9pt sans-serif } section { break-before: page }
    table { border-collapse: collapse; width: 100% } th { background: #dde } tr:nth-child(even) td { background: #f4f4f8 }
    td, th { border: 1px solid #ccc; padding: 1px 4px }
    </style></head><body><h1>${escape(tables.title)} · FleetCo · week 47, 2026 · Europe/Dublin</h1>${sections.join('\n')}</body></html>`;
}

export interface ReportDeliveryBench {
  rowsPerSheet: number;
  sheets: number;
  spreadsheetsP50Ms: number;
  jsonP50Ms: number;
  pdfLaunchMs: number;
  pdfP50Ms: number;
  tinyPdfP50Ms: number;
  pdfBytes: number;
  chromiumLeft: number;
}

/** Chromium processes this run started that are still alive (the renderer's browser is a child of this process). */
function chromiumChildren(): number {
  const lines = execFileSync('ps', ['-eo', 'ppid=,stat=,comm='], { encoding: 'utf8' }).trim().split('\n');
  return lines.filter((line) => {
    const [ppid, stat = '', comm = ''] = line.trim().split(/\s+/);
    return Number(ppid) === process.pid && !stat.startsWith('Z') && comm.includes('chrom');
  }).length;
}

export async function benchReportDelivery(): Promise<ReportDeliveryBench> {
  const tables = benchReportTables();
  const locale = { language: 'FR', timeZone: 'Europe/Dublin' } as const;
  const spreadsheets = await timeInTurns(RUNS, {
    files: async () => [reportCsvFiles(tables, locale), await reportXlsx(tables, locale)],
    json: () => Promise.resolve(Buffer.from(JSON.stringify(tables))),
  });

  const page = reportHtml(tables);
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(request.url === '/tiny' ? '<!doctype html><p>FleetCo</p>' : page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const renderer = createPdfRenderer({ executablePath: CHROMIUM });
  try {
    const launchStart = performance.now();
    const first = await renderer.render({ url: `${base}/tiny`, timeoutMs: 60_000 });
    const pdfLaunchMs = performance.now() - launchStart;
    let pdfBytes = first.byteLength;
    const pdfs = await timeInTurns(
      RUNS,
      {
        report: async () => (pdfBytes = (await renderer.render({ url: `${base}/report`, timeoutMs: 60_000 })).byteLength),
        tiny: () => renderer.render({ url: `${base}/tiny`, timeoutMs: 60_000 }),
      },
      1,
    );
    await renderer.close();
    for (let i = 0; i < 40 && chromiumChildren() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    return {
      rowsPerSheet: ROWS,
      sheets: tables.sheets.length,
      spreadsheetsP50Ms: percentile(spreadsheets.files, 50),
      jsonP50Ms: percentile(spreadsheets.json, 50),
      pdfLaunchMs,
      pdfP50Ms: percentile(pdfs.report, 50),
      tinyPdfP50Ms: percentile(pdfs.tiny, 50),
      pdfBytes,
      chromiumLeft: chromiumChildren(),
    };
  } finally {
    await renderer.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
