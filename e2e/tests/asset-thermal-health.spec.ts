import { expect, test, type Page } from '@playwright/test';
import type { LossOfLife } from '@gridlens/contract/load-analysis';
import { configRoutes } from '@gridlens/contract/routes/config';
import { loadAnalysisRoutes } from '@gridlens/contract/routes/load-analysis';
import { formatNumber } from '@gridlens/domain/number-format';
import { apiCall } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

/** A power-quality monitor of the demo (every tenth transformer), which has the XFRMR Health tab. */
const DEVICE = 'NZ-0001';
const HEALTH = `/asset/${DEVICE}?tab=health&range=7d`;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  page = await context.newPage();
  await signIn(page, DEMO.power, HEALTH);
  await expect(page.getByTestId('thermal-facts')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

const lossOfLife = async (paper: 'normal' | 'thermally-upgraded') => {
  const response = await apiCall(page, 'netzero', loadAnalysisRoutes.lossOfLife, { query: { device_id: DEVICE, range: '7d', paper } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as LossOfLife).transformers[0]!;
};
const fact = (label: string) =>
  page
    .getByTestId('thermal-facts')
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd');

test('XFRMR Health shows the thermal ageing of the range beside the hydrogen sensor, with the figures the API gives', async () => {
  const row = await lossOfLife('normal');
  expect(row.readings).toBeGreaterThan(0);
  await expect(fact('Loss of life in the range (hours)')).toHaveText(formatNumber(row.loss_of_life_h!, 'en'));
  await expect(fact('Equivalent ageing factor F_EQA')).toHaveText(formatNumber(row.equivalent_ageing_factor!, 'en'));
  await expect(fact('Highest hot spot')).toHaveText(`${formatNumber(row.max_hot_spot_c!, 'en')} °C`);
  // The current-limit figure of the same range beside K, and, when a current over its limit has not raised the
  // thermal risk of overload, a line under that indicator saying why (issue 27).
  await expect(fact('Highest phase loading (highest current over rated current, %)')).toHaveText(
    formatNumber(row.max_phase_loading_percent!, 'en'),
  );
  const riskRaised = row.indicators.find((i) => i.kind === 'risk-of-overload')?.triggered;
  if (row.current_over_limit && riskRaised === false)
    await expect(page.getByTestId('overload-note')).toContainText(`reached ${formatNumber(row.max_phase_loading_percent!, 'en')} %`);
  else await expect(page.getByTestId('overload-note')).toHaveCount(0);
  await expect(page.getByTestId('chart-thermal-temperatures')).toBeVisible();
  await expect(page.getByTestId('chart-thermal-ageing')).toBeVisible();
  await expect(page.getByTestId('asset-health').getByTestId('health-facts')).toBeVisible();
});

test('lists the nine health indicators, each saying what raised it', async () => {
  const row = await lossOfLife('normal');
  const list = page.getByTestId('health-indicators');
  await expect(list.locator(':scope > li')).toHaveCount(9);
  await expect(page.getByTestId('indicator-risk-of-overload')).toContainText('Risk of overload');
  // Future ageing runs the same days with the default models' EV and heat-pump load of the forecast year.
  expect(row.forecast_year).toBe(2030);
  await expect(page.getByTestId('health-forecast-basis')).toHaveText(
    'Forecast figures: the same days with the EV and heat-pump load of 2030, from the default EV and HP models.',
  );
  for (const indicator of row.indicators) {
    const item = page.getByTestId(`indicator-${indicator.kind}`);
    await expect(item).toHaveAttribute('data-triggered', String(indicator.triggered));
    await expect(item).toContainText(indicator.triggered ? 'Raised' : 'Not raised');
    await expect(item.locator('ul > li')).toHaveCount(indicator.triggers.length);
  }
});

test('takes thermally upgraded paper, whose loss of life the API works out again', async () => {
  const upgraded = await lossOfLife('thermally-upgraded');
  await page.getByTestId('thermal-paper').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Thermally upgraded paper' }).click();
  await expect(fact('Loss of life in the range (hours)')).toHaveText(formatNumber(upgraded.loss_of_life_h!, 'en'));
  await page.getByTestId('thermal-paper').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Normal Kraft paper' }).click();
});

test("shows temperatures in the user's unit", async () => {
  const row = await lossOfLife('normal');
  const save = (temperature_metric: string) => apiCall(page, 'netzero', configRoutes.updateUserSettings, { body: { temperature_metric } });
  expect((await save('fahrenheit')).ok()).toBe(true);
  try {
    await page.goto(HEALTH);
    await expect(fact('Highest hot spot')).toHaveText(`${formatNumber((row.max_hot_spot_c! * 9) / 5 + 32, 'en')} °F`);
    await expect(page.getByTestId('chart-thermal-temperatures')).toHaveAttribute('aria-label', /temperature \(°F\)/);
  } finally {
    expect((await save('')).ok()).toBe(true);
  }
});

test('the thermal part has no serious or critical accessibility violations, in light and dark', async () => {
  for (const theme of ['light', 'dark']) {
    await page.goto(HEALTH);
    await expect(page.getByTestId('health-indicators')).toBeVisible();
    await expectNoSeriousViolations(page, `${theme} XFRMR Health`);
    await page.getByRole('button', { name: /Switch to the (dark|light) theme/ }).click();
  }
});
