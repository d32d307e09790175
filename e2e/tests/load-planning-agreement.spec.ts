import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;
/** A demo transformer without power quality, and one with it (every tenth demo transformer has it). */
const DEVICE = 'NZ-0002';
const PQ_DEVICE = 'NZ-0031';
const COLD_MODEL = 'Cold winters';

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, timezoneId: 'UTC' });
  page = await context.newPage();
  await signIn(page, DEMO.power, '/powercoil_ev');
  await expect(page.getByTestId('load-models')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

/** A headline figure of a tab: the value beside the label that starts with `label`. */
const fact = (list: string, label: string) =>
  page
    .getByTestId(list)
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd')
    .first();
const kw = (text: string | null) => (text ?? '').replace(/\s*kW$/, '');

interface Figures {
  firstYear: string;
  maxEvs: string;
  minHeadroom: string;
}

/** The same three figures as one tab shows them: "Max EVs in 2028" and "56" read as "56 in 2028". */
async function tabFigures(kind: 'ev' | 'hp'): Promise<Figures> {
  await page.getByTestId(`tab-${kind}`).click();
  const row = `asset-${kind}-row`;
  await expect(fact(row, 'First year over capacity')).not.toBeEmpty();
  const maxEvsLabel = (await page.getByTestId(row).locator('dt', { hasText: 'Max EVs' }).textContent()) ?? '';
  const maxEvsValue = (await fact(row, 'Max EVs').textContent()) ?? '';
  const year = maxEvsLabel.replace('Max EVs in ', '');
  return {
    firstYear: (await fact(row, 'First year over capacity').textContent()) ?? '',
    maxEvs: maxEvsValue.startsWith('0:') ? `0 in ${year}: over capacity even without EVs` : `${maxEvsValue} in ${year}`,
    minHeadroom: kw(await fact(row, 'Min headroom').textContent()),
  };
}

test('the fleet analysis and the EV and HP tabs of a transformer give the same figures, each defined', async () => {
  const fleet = page.getByTestId('fleet-analysis');
  await expect(fleet.getByTestId('fleet-table').locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('searchbox', { name: 'Search' }).fill(DEVICE);
  const row = fleet.getByTestId(`fleet-row-${DEVICE}`);
  await expect(row).toBeVisible();
  const cells = row.locator('td');
  const fromFleet: Figures = {
    firstYear: (await cells.nth(2).textContent()) ?? '',
    maxEvs: (await cells.nth(3).textContent()) ?? '',
    minHeadroom: (await cells.last().textContent()) ?? '',
  };
  expect(fromFleet.maxEvs).toMatch(/^(\d[\d,]* in \d{4}|0 in \d{4}: over capacity even without EVs|No practical limit)$/);
  // Every headline figure of the table is defined beside it.
  const definitions = fleet.getByTestId('fleet-definitions');
  await expect(definitions.locator('dt')).toHaveText([
    'First year over capacity',
    'Max EVs',
    'Max EV hour',
    'Max load (kW)',
    'Max load day and hour (year)',
    'Min headroom (kW)',
  ]);
  await expect(definitions.locator('dd', { hasText: 'The most EVs the transformer can carry' })).toBeVisible();

  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/asset/${DEVICE}`));
  const fromEvTab = await tabFigures('ev');
  const fromHpTab = await tabFigures('hp');
  expect(fromEvTab).toEqual(fromFleet);
  expect(fromHpTab).toEqual(fromFleet);
  // Each headline figure on a tab says what it means, and the table beneath gives max EVs for the year named.
  await expect(page.getByTestId('asset-hp-row').locator('dd[data-definition]')).toHaveCount(6);
  const year = fromFleet.maxEvs.match(/ in (\d{4})/)?.[1];
  if (year) {
    const forecastYear = page
      .getByTestId('asset-hp-forecast')
      .locator('tbody tr')
      .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${year}$`) }) });
    const cell = fromFleet.maxEvs.startsWith('0 in') ? '0: over capacity even without EVs' : fromFleet.maxEvs.replace(/ in \d{4}$/, '');
    await expect(forecastYear.locator('td').nth(3)).toHaveText(cell);
  }
  // The default HP model leaves the 1-in-20 cold day out, and the tab says so.
  await expect(page.getByTestId('asset-hp-extreme-off')).toBeVisible();
  await expect(page.getByTestId('asset-hp-extreme-profile')).toHaveCount(0);
});

test('a power-quality transformer has the EV and HP Analysis tabs too', async () => {
  await page.goto(`/asset/${PQ_DEVICE}`);
  await expect(page.getByTestId('tab-trends')).toBeVisible();
  for (const kind of ['ev', 'hp'] as const) {
    await page.getByTestId(`tab-${kind}`).click();
    await expect(page).toHaveURL(new RegExp(`[?&]tab=${kind}`));
    await expect(fact(`asset-${kind}-row`, 'First year over capacity')).toHaveText(/^(\d{4}|None by 2030)$/);
  }
});

test('with an HP model that evaluates the 1-in-20 cold day, the cold-day chart is titled with the cold day', async () => {
  await page.goto('/powercoil_ev');
  await page.getByTestId('new-hp-model').click();
  await page.getByTestId('model-name').fill(COLD_MODEL);
  await page.getByTestId('model-extremeScenario').check();
  await page.getByTestId('save-model').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto(`/asset/${DEVICE}?tab=hp`);
  await page.getByTestId('asset-hp').getByRole('combobox', { name: 'Heat-pump model' }).click();
  await page.getByRole('option', { name: COLD_MODEL }).click();
  const coldChart = page.getByTestId('asset-hp').locator('#chart-asset-hp-extreme-profile-title');
  await expect(coldChart).toHaveText(
    /^1-in-20 cold day \(the hours of .+ shifted to a mean of −?-?5(\.0)? °C\): load by hour in 2030 \(kW\)$/,
  );
  await expect(page.getByTestId('asset-hp').locator('#chart-asset-hp-profile-title')).toHaveText(/^Base-load day .+ as measured/);
  await expect(page.getByTestId('asset-hp-extreme-off')).toHaveCount(0);

  // Clean up: the demo tenant keeps only its seeded HP model for the other files.
  await page.goto('/powercoil_ev');
  await page.getByRole('button', { name: COLD_MODEL }).click();
  await page.getByTestId('delete-model').click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('Model deleted')).toBeVisible();
});
