import fs from 'node:fs';

/** Flags this machine needs: no sandbox as root, no GPU, and no calls home (the network is closed). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/**
 * The Chromium to test with: CHROME_PATH when set, else the system's /usr/bin/chromium, else the binary
 * shipped inside the @sparticuz/chromium package (unpacked to a temporary folder on first use). Nothing is
 * downloaded.
 */
export async function resolveChromiumPath(): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}
