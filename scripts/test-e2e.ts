/**
 * `npm run test:e2e [-- playwright args]`: finds a Chromium (nothing is downloaded), then runs Playwright.
 * The global setup starts the stack and the production build itself.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolveChromiumPath } from '../tests/support/chromium-path';

const require = createRequire(import.meta.url);
const chromePath = await resolveChromiumPath();
const cli = require.resolve('@playwright/test/cli');
const child = spawn(process.execPath, [cli, 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chromePath },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
