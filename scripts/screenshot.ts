/**
 * Full-page screenshots of the site in Chromium, to look at what we build.
 *   npx tsx scripts/screenshot.ts <path> <out.png> [width]
 *   npx tsx scripts/screenshot.ts <path>:<out.png>:<width> [<path>:<out.png>:<width> ...]
 * Uses SITE_URL when set (a running `npm start`/`npm run preview`); otherwise builds the site and starts a
 * throwaway stack for the shots.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../tests/support/chromium-path';
import { startSiteUnderTest, type SiteUnderTest } from '../tests/support/site-under-test';
import { shootFullPage } from './screenshot/shoot-full-page';

type Shot = { path: string; out: string; width: number };

function parseShots(args: string[]): Shot[] {
  if (args.length >= 2 && !args[0]!.includes(':') && args[1]!.endsWith('.png')) {
    return [{ path: args[0]!, out: args[1]!, width: Number(args[2] ?? 1280) }];
  }
  return args.map((arg) => {
    const [path = '/', out = 'shot.png', width = '1280'] = arg.split(':');
    return { path, out, width: Number(width) };
  });
}

const shots = parseShots(process.argv.slice(2));
if (shots.length === 0) {
  console.error('usage: scripts/screenshot.ts <path> <out.png> [width]');
  process.exit(2);
}

let site: SiteUnderTest | undefined;
const base = process.env.SITE_URL ?? (site = await startSiteUnderTest()).siteUrl;
const browser = await chromium.launch({ executablePath: await resolveChromiumPath(), args: CHROMIUM_ARGS });
try {
  for (const shot of shots) {
    const page = await browser.newPage({ viewport: { width: shot.width, height: Math.round(shot.width * 1.6) } });
    const { horizontalOverflow } = await shootFullPage(page, new URL(shot.path, base).toString(), shot.out);
    const overflow = horizontalOverflow > 0 ? `, HORIZONTAL OVERFLOW ${horizontalOverflow} px` : '';
    console.log(`${shot.out}  (${shot.path} at ${shot.width} px${overflow})`);
    await page.close();
  }
} finally {
  await browser.close();
  await site?.stop();
}
