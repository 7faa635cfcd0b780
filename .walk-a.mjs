// Scratch walk (not committed): journeys at 360 touch and 1280, screenshots to /tmp/words-journeys-shots
import { chromium } from 'playwright-core';
const SITE = 'http://127.0.0.1:28173';
const INBOX = 'http://127.0.0.1:28327';
const OUT = '/tmp/words-journeys-shots';
const stamp = Date.now().toString(36);
const browser = await chromium.launch({ executablePath: '/tmp/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
const consoleErrors = [];
async function ctx(width) {
  const phone = width < 500;
  const c = await browser.newContext(phone ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { viewport: { width: 1280, height: 800 } });
  return c;
}
const shot = async (page, name, full = false) => { await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: full }); console.log('shot', name); };
for (const width of [360, 1280]) {
  const c = await ctx(width);
  const page = await c.newPage();
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(`${width} ${page.url()} ${m.text()}`); });
  await page.goto(SITE + '/');
  await page.waitForTimeout(1500);
  await shot(page, `home-${width}-top`);
  await shot(page, `home-${width}-full`, true);
  // estimate form
  await page.getByRole('button', { name: /request free estimate/i }).first().click();
  await page.waitForTimeout(1200);
  await page.getByLabel(/name/i).first().fill('Walk Tester');
  await page.locator('#contact-section').getByLabel(/email/i).first().fill(`walk-${width}-${stamp}@example.com`);
  await page.locator('#contact-section').getByLabel('Phone', { exact: true }).fill('8565550199');
  await page.locator('#contact-section').getByLabel(/tell us about your project/i).first().fill('Kitchen LVP, about 300 sq ft.');
  await shot(page, `estimate-${width}-filled`);
  await page.locator('#contact-section').getByRole('button', { name: /send|submit|estimate/i }).first().click();
  await page.waitForTimeout(2500);
  await shot(page, `estimate-${width}-sent`);
  // 404
  await page.goto(SITE + '/no-such-page-' + stamp);
  await page.waitForTimeout(800);
  await shot(page, `404-${width}`);
  for (const p of ['realtors', 'investors', 'sitemap', 'privacy', 'terms', 'floor-visualizer']) {
    await page.goto(`${SITE}/${p}`);
    await page.waitForTimeout(800);
    await shot(page, `${p}-${width}-top`);
    if (['sitemap'].includes(p) || width === 360) await shot(page, `${p}-${width}-full`, true);
  }
  await c.close();
}
console.log('console errors:', consoleErrors);
await browser.close();
