import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pdfText } from '../../../test/support/pdf-text';
import { createPdfRenderer, PdfRendererUnavailableError, PdfRenderTimeoutError, type PdfRenderer } from './pdf-renderer';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

interface Process {
  pid: number;
  ppid: number;
  pgid: number;
  stat: string;
}
function processes(): Process[] {
  return execFileSync('ps', ['-eo', 'pid=,ppid=,pgid=,stat='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => {
      const [pid = 0, ppid = 0, pgid = 0, stat = ''] = line
        .trim()
        .split(/\s+/)
        .map((v, i) => (i < 3 ? Number(v) : v)) as [number, number, number, string];
      return { pid, ppid, pgid, stat };
    });
}
/** The browser this test process started: Playwright puts it in a process group of its own, led by the browser. */
const browserLeaders = () => processes().filter((p) => p.ppid === process.pid && p.pgid === p.pid && !p.stat.startsWith('Z'));
/** Live processes of a group (zombies awaiting their parent's wait are gone already). */
const groupMembers = (pgid: number) => processes().filter((p) => p.pgid === pgid && !p.stat.startsWith('Z'));
const settle = async (check: () => boolean, ms = 5_000) => {
  for (const end = Date.now() + ms; Date.now() < end && !check();) await new Promise((resolve) => setTimeout(resolve, 50));
};

describe('the PDF renderer (real Chromium)', () => {
  let server: Server;
  let base: string;
  let renderer: PdfRenderer;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/never') {
        // Headers, then nothing: the page never finishes loading.
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<html><body>Loading');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html><head><style>@page { size: A4; margin: 15mm } body { background: #eef }</style></head>
        <body><h1>Weekly fleet report</h1><p>Tracker FT-0042 held at Brady Logistics</p>
        <p>tenant ${String(request.headers['x-tenant'])} / ${String(request.headers.cookie)}</p></body></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    renderer = createPdfRenderer({ executablePath: CHROMIUM });
  });
  afterAll(async () => {
    await renderer.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('prints a page to an A4 PDF holding its text, with the headers and cookies it was given', async () => {
    const pdf = await renderer.render({
      url: `${base}/report`,
      headers: { 'x-tenant': 'fleetco' },
      cookies: [{ name: 'session', value: 's-1' }],
      timeoutMs: 20_000,
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Weekly fleet report');
    expect(text).toContain('FT-0042');
    expect(text).toContain('tenant fleetco / session=s-1');
    // A4 portrait is 595 × 842 points.
    const document = await getDocument({ data: new Uint8Array(pdf) }).promise;
    const [, , width, height] = (await document.getPage(1)).view;
    await document.destroy();
    expect([Math.round(width ?? 0), Math.round(height ?? 0)]).toEqual([595, 842]);
  });

  it('gives up on a page that never finishes, and closes it', async () => {
    const started = Date.now();
    await expect(renderer.render({ url: `${base}/never`, timeoutMs: 1_500 })).rejects.toBeInstanceOf(PdfRenderTimeoutError);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(await renderer.openPages()).toBe(0);
  });

  it('launches a new browser after its browser was killed mid-render, and leaves no process after close()', async () => {
    // The browser of the tests above, or one started now when this test runs alone.
    if (browserLeaders().length === 0) await renderer.render({ url: `${base}/report`, timeoutMs: 20_000 });
    const leaders = browserLeaders();
    expect(leaders).toHaveLength(1);
    const [leader] = leaders;
    const hanging = renderer.render({ url: `${base}/never`, timeoutMs: 20_000 });
    const outcome = hanging.then(
      () => 'printed',
      () => 'failed',
    );
    // The page opens within a moment, longer on a loaded machine: wait for it rather than for a fixed time.
    await vi.waitFor(async () => expect(await renderer.openPages()).toBe(1), { timeout: 15_000, interval: 50 });
    process.kill(-leader!.pid, 'SIGKILL');
    expect(await outcome).toBe('failed');
    await settle(() => groupMembers(leader!.pid).length === 0);
    expect(groupMembers(leader!.pid)).toEqual([]);

    const pdf = await renderer.render({ url: `${base}/report`, timeoutMs: 20_000 });
    expect(await pdfText(pdf)).toContain('FT-0042');
    const [relaunched] = browserLeaders();
    expect(relaunched?.pid).toBeDefined();
    expect(relaunched?.pid).not.toBe(leader!.pid);
    expect(groupMembers(relaunched!.pid).length).toBeGreaterThan(1); // the browser and its helpers

    await renderer.close();
    await settle(() => groupMembers(relaunched!.pid).length === 0);
    expect(groupMembers(relaunched!.pid)).toEqual([]);
    expect(browserLeaders()).toEqual([]);
  });

  it('says why when there is no browser to run', async () => {
    const missing = createPdfRenderer({ executablePath: '/nonexistent/chromium' });
    const error = await missing.render({ url: `${base}/report`, timeoutMs: 5_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PdfRendererUnavailableError);
    expect((error as PdfRendererUnavailableError).reason).toBe('missing_executable');
    expect((error as Error).message).toContain('/nonexistent/chromium');
    // A program that is there but exits at once: the launch fails, and says so.
    const broken = createPdfRenderer({ executablePath: '/bin/false' });
    const failed = await broken.render({ url: `${base}/report`, timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(PdfRendererUnavailableError);
    expect((failed as PdfRendererUnavailableError).reason).toBe('launch_failed');
    expect((failed as Error).message).toContain('/bin/false did not start');
  });
});
