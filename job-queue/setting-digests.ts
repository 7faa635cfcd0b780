import { createHash } from 'node:crypto';

/**
 * A service's settings as short digests, one per setting, never the values: written beside each worker pool's
 * heartbeat, they let `npm run check:deployment` see that two instances of a service run with different settings
 * (a second host given staging's SITE_URL, a redeploy that changed one instance) and name which ones differ, though
 * it can only try the instance that takes its job. Secrets (passwords) are left out by the caller: a digest of a
 * short password can be guessed back.
 */
export function settingDigests(settings: Record<string, string | number | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(settings)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => [name, createHash('sha256').update(`${name}=${value ?? ''}`).digest('hex').slice(0, 16)]),
  );
}
