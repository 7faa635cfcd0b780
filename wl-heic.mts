import { chromium } from 'playwright-core';
import { resolveChromiumPath, CHROMIUM_ARGS } from './tests/support/chromium-path.ts';
const browser = await chromium.launch({ executablePath: await resolveChromiumPath(), args: CHROMIUM_ARGS });
for (const width of [360, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  await page.goto('http://127.0.0.1:5173/floor-visualizer', { waitUntil: 'networkidle' });
  await page.getByLabel('Choose a photo').setInputFiles('visualizer-processor/fixtures/images/room-gps-rotated.heic');
  await page.getByText("can't open this photo", { exact: false }).waitFor({ timeout: 20000 });
  await page.getByRole('heading', { name: 'Where should we send your result?' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/wl/heic-${width}.png` });
  console.log(width, await page.locator('form').innerText());
  await page.close();
}
await browser.close();
