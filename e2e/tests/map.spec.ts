import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;
/** Where the basemap's Natural Earth data came from, as the browser fetched it. */
const basemapFetches: { url: string; status: number }[] = [];

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  page = await context.newPage();
  page.on('response', (response) => {
    if (response.url().includes('countries-50m')) basemapFetches.push({ url: response.url(), status: response.status() });
  });
  await signIn(page, DEMO.power, '/assets');
  await expect(page.getByTestId('assets-page')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

interface BasemapPixels {
  /** Share of the canvas that is painted (land and coast); the sea is left transparent, the map's background. */
  painted: number;
  /** Painted pixels well darker than the light theme's white land: its coastlines and borders. */
  lines: number;
  /** For each point asked about, whether the basemap painted land there, and the colour it painted. */
  under: { painted: boolean; rgb: [number, number, number] }[];
}

/** Reads the basemap's own canvas (below the markers' one), at the given points of the page. */
async function basemapPixels(map: Locator, points: { x: number; y: number }[]): Promise<BasemapPixels> {
  return map.locator('.leaflet-basemap-pane canvas').evaluate((element, at) => {
    const canvas = element as HTMLCanvasElement;
    const { data, width, height } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    let lines = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! < 200) continue;
      painted++;
      if (Math.max(data[i]!, data[i + 1]!, data[i + 2]!) < 200) lines++;
    }
    const rect = canvas.getBoundingClientRect();
    const under = at.map(({ x, y }) => {
      const px = Math.round(((x - rect.left) * canvas.width) / rect.width);
      const py = Math.round(((y - rect.top) * canvas.height) / rect.height);
      const i = (py * width + px) * 4;
      return { painted: data[i + 3]! >= 200, rgb: [data[i]!, data[i + 1]!, data[i + 2]!] as [number, number, number] };
    });
    return { painted: painted / (width * height), lines, under };
  }, points);
}

/** The centres of the clusters on screen: each stands where its devices are, in Ireland. */
async function clusterCentres(map: Locator) {
  const boxes = await map.locator('.map-cluster').evaluateAll((icons) =>
    icons.map((icon) => {
      const box = icon.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    }),
  );
  return boxes;
}

test('with no tile server, the assets map draws Natural Earth’s land and coastline from the portal, under the clusters', async () => {
  await page.getByRole('region', { name: 'Map', exact: true }).scrollIntoViewIfNeeded();
  const map = page.getByTestId('assets-map');
  await expect(map.locator('.map-cluster').first()).toBeVisible();
  await expect(map.locator('.leaflet-tile')).toHaveCount(0);
  await expect(map.locator('.leaflet-basemap-pane canvas')).toHaveCount(1);

  // The clusters sit on painted land: the basemap is drawn where the devices are (once the map has framed them).
  await expect
    .poll(
      async () => {
        const centres = await clusterCentres(map);
        const { under } = await basemapPixels(map, centres);
        return centres.length > 0 && under.filter((p) => p.painted).length >= Math.ceil(centres.length * 0.75);
      },
      { timeout: 15_000 },
    )
    .toBe(true);

  const centres = await clusterCentres(map);
  const light = await basemapPixels(map, centres);
  // Framed on Ireland: land and sea both take a good share of the view, and coastlines are drawn.
  expect(light.painted).toBeGreaterThan(0.1);
  expect(light.painted).toBeLessThan(0.9);
  expect(light.lines).toBeGreaterThan(1000);
  // The light theme's land is the white paper (a cluster may stand on a coastline, hence "some").
  expect(light.under.some((p) => p.painted && Math.min(...p.rgb) > 230)).toBe(true);

  // Shipped with the portal and fetched from it: nothing from outside, as for an air-gapped control room.
  const origin = new URL(page.url()).origin;
  expect(basemapFetches.length).toBeGreaterThan(0);
  expect(basemapFetches.every((fetch) => fetch.url.startsWith(`${origin}/assets/`) && fetch.status === 200)).toBe(true);

  // The legend names what each colour means, worst first.
  await expect(page.getByTestId('map-legend').locator('li')).toHaveText([
    'Temperature alert, Current or capacity over limit, or No power',
    'Phase imbalance or Communication problem',
    'Low battery',
    'No issue',
  ]);
  await expect(map.getByText('Natural Earth')).toBeVisible(); // the data's credit
});

test('the basemap follows the dark theme', async () => {
  const map = page.getByTestId('assets-map');
  await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
  await expect
    .poll(async () => {
      const { under } = await basemapPixels(map, await clusterCentres(map));
      return under.some((p) => p.painted && Math.max(...p.rgb) < 80);
    })
    .toBe(true); // the dark theme's land is its dark paper
  // Restyled in place, the map stays in its box: its own controls are there, and what is around it still clicks.
  await expect(map.getByRole('button', { name: 'Zoom in' })).toBeVisible();
  await page.getByTestId('coverage-link').click({ trial: true, timeout: 5_000 });
  await page.getByRole('button', { name: 'Switch to the light theme' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'light');
});

test('the coverage map draws the same basemap under its devices, with its legend, and a click still picks a site', async () => {
  await page.getByTestId('coverage-link').click();
  const map = page.getByTestId('coverage-map');
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('.leaflet-basemap-pane canvas')).toHaveCount(1);
  await expect.poll(async () => (await basemapPixels(map, [])).painted).toBeGreaterThan(0.1);
  await expect(page.getByTestId('map-legend').locator('li')).toHaveText(['Not heard', 'Bad', 'Average', 'Good']);

  // A click on land goes through the basemap to the map: the site is checked there.
  const before = await page.getByTestId('site-latitude').inputValue();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.45, box.y + box.height * 0.5);
  await expect(page.getByTestId('site-latitude')).not.toHaveValue(before);
  await expect(page.getByTestId('site-result')).toBeVisible();
  const latitude = Number(await page.getByTestId('site-latitude').inputValue());
  const longitude = Number(await page.getByTestId('site-longitude').inputValue());
  // The map framed the devices, all in Ireland, so the middle of the map is there too.
  expect(latitude).toBeGreaterThan(51);
  expect(latitude).toBeLessThan(56);
  expect(longitude).toBeGreaterThan(-11);
  expect(longitude).toBeLessThan(-5);
});

test('scrolling the page past the assets map leaves its frame alone; after a click into it, the wheel zooms it', async () => {
  await page.goto('/assets');
  await expect(page.getByTestId('assets-page')).toBeVisible();
  // The pointer in the middle of the page, where the map passes under it as the page scrolls down.
  await page.mouse.move(900, 450);
  for (let step = 0; step < 12; step += 1) {
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(300); // a person's turns of the wheel, the map made and drawn in between
  }
  const map = page.getByTestId('assets-map');
  await expect(map.locator('.map-cluster').first()).toBeVisible();
  const box = await map.boundingBox();
  if (!box) throw new Error('the assets map has no box');
  // Framed on Ireland, the 300 devices fall into several clusters around the middle of the box; zoomed out by the
  // page's scrolling, they were one cluster near its top edge.
  await expect.poll(async () => (await clusterCentres(map)).length).toBeGreaterThan(1);
  const framed = await clusterCentres(map);
  for (const centre of framed) {
    expect(centre.x).toBeGreaterThan(box.x + box.width * 0.25);
    expect(centre.x).toBeLessThan(box.x + box.width * 0.75);
    expect(centre.y).toBeGreaterThan(box.y + box.height * 0.1);
    expect(centre.y).toBeLessThan(box.y + box.height * 0.9);
  }
  // Zoomed in, the clusters split: the largest one on screen holds fewer devices than before.
  const largest = async () => Math.max(...(await map.locator('.map-cluster').allTextContents()).map(Number));
  const before = await largest();
  await map.click({ position: { x: 40, y: box.height - 40 } });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let step = 0; step < 3; step += 1) await page.mouse.wheel(0, -300);
  await expect.poll(largest).toBeLessThan(before);
});
