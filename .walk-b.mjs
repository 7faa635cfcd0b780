// Scratch walk (not committed): visualizer journey at a width, leave, inbox, result link
import { chromium } from 'playwright-core';
const SITE = 'http://127.0.0.1:28173';
const INBOX = 'http://127.0.0.1:28327';
const OUT = '/tmp/words-journeys-shots';
const width = Number(process.argv[2] ?? 360);
const photo = process.argv[3] ?? '/work/wt/words-journeys/visualizer-processor/evaluation/photos/living-oak-rug-pexels-1.jpg';
const pick = process.argv[4] ?? 'none'; // a wood label to pick, or none
const leaveBy = process.argv[5] ?? 'home'; // home | try | close
const stamp = Date.now().toString(36);
const email = `viz-${width}-${stamp}@example.com`;
const browser = await chromium.launch({ executablePath: '/tmp/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
const phone = width < 500;
const c = await browser.newContext(phone ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { viewport: { width: 1280, height: 800 } });
const page = await c.newPage();
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
const shot = async (name, full = false) => { await page.screenshot({ path: `${OUT}/viz-${width}-${name}.png`, fullPage: full }); console.log('shot', name); };
await page.goto(SITE + '/floor-visualizer');
await page.waitForTimeout(1000);
await shot('1-upload');
await page.getByLabel('Choose a photo').setInputFiles(photo);
await page.waitForTimeout(1500);
await shot('2-info');
await page.getByLabel('Name').press('Enter');
await page.waitForTimeout(1000);
await shot('3-info-empty-enter');
await page.getByLabel('Name').fill('Viz Walker');
await page.getByLabel('Email').fill(email);
await page.getByRole('button', { name: 'Process Image' }).click();
await page.waitForTimeout(1500);
await shot('4-processing');
const t0 = Date.now();
await page.getByRole('button', { name: 'Try Another Photo' }).waitFor({ timeout: 180_000 });
console.log('result after', Date.now() - t0, 'ms');
await page.waitForTimeout(3000);
await shot('5-result');
await shot('5-result-full', true);
if (pick !== 'none') {
  await page.getByRole('radio', { name: pick }).waitFor({ timeout: 120_000 });
  await page.getByRole('radio', { name: pick }).check();
  await page.waitForTimeout(2500);
  await shot('6-picked');
}
console.log('text of main:', (await page.locator('main').innerText()).slice(0, 3000));
const left = Date.now();
if (leaveBy === 'home') await page.getByRole('link', { name: /back to home/i }).first().click();
else if (leaveBy === 'try') await page.getByRole('button', { name: 'Try Another Photo' }).click();
else await page.goto('about:blank');
// wait for the visitor e-mail
let mine = [];
for (let i = 0; i < 120; i++) {
  const all = await (await fetch(`${INBOX}/api/messages`)).json();
  mine = all.filter((m) => JSON.stringify(m).includes(email));
  if (mine.length >= 2) break;
  await new Promise((r) => setTimeout(r, 1000));
}
console.log('e-mails after leaving', Date.now() - left, 'ms:', mine.length);
for (const m of mine) console.log(JSON.stringify(m).slice(0, 200));
console.log('console errors', errors);
await browser.close();
