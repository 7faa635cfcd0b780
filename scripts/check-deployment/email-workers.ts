import { UNKNOWN_COMMIT } from '../../contracts/build-stamp.ts';
import { settingDigests } from '../../job-queue/setting-digests.ts';
import type { Outcome } from './test-rows.ts';

/** What public.deployment_check_email_worker_settings answers: the live e-mail worker pools, oldest first. */
export type EmailWorkerPool = { pool: string; settings: Record<string, string> | null };

/**
 * Whether every live e-mail worker instance runs with the settings of the one the check tried (the unsubscribe and
 * e-mail lines: whichever instance took the job). Each pool records its settings' digests beside its heartbeat
 * (job-queue/setting-digests.ts); different digests are different settings, named here without their values.
 */
export function emailWorkersOutcome(pools: EmailWorkerPool[], siteCommit?: string): Outcome {
  const same = sameSettingsOutcome(pools);
  if (!same.ok || !siteCommit || siteCommit === UNKNOWN_COMMIT) return same;
  // Its commit is one of its settings' digests (BUILD): the instances agree on it, so the first stands for all.
  const build = pools[0]!.settings!.BUILD;
  const short = siteCommit.replace(/^([0-9a-f]{12})[0-9a-f]*/, '$1');
  if (build === undefined) {
    return {
      ok: false,
      detail: `the e-mail worker records no build: it runs a version from before build stamps, while the site is built from ${short}; build the services from ${short} (npm run build:services, or the image) and redeploy them`,
    };
  }
  // Built without its commit, a stale worker would pass as the site's: the build left it out, so it fails.
  if (build === settingDigests({ BUILD: UNKNOWN_COMMIT }).BUILD) {
    return {
      ok: false,
      detail: `the e-mail worker was built where its commit was not known (no git checkout, no SOURCE_COMMIT), so whether it is built from the site's commit (${short}) is not known: a stale worker built so passes unseen; build the image with --build-arg SOURCE_COMMIT=$(git rev-parse HEAD) (or the host's commit variable) and redeploy it`,
    };
  }
  if (build !== settingDigests({ BUILD: siteCommit }).BUILD) {
    return {
      ok: false,
      detail: `the e-mail worker is built from another commit than the site (${short}): one of them is a stale deploy, and the e-mails' links and words may not fit the site's pages; build both from one commit and deploy both`,
    };
  }
  return { ...same, detail: `${same.detail}, built from the site's commit` };
}

function sameSettingsOutcome(pools: EmailWorkerPool[]): Outcome {
  if (pools.length === 0) return { ok: false, detail: 'no e-mail worker is alive to compare (see the e-mail worker line above)' };
  const unsaid = pools.filter((pool) => pool.settings === null);
  if (unsaid.length > 0) {
    return {
      ok: false,
      detail: `${unsaid.length} of the ${pools.length} live e-mail worker instance(s) run a version from before this check (they record no settings), so they are not the one checked and may send other e-mails; rebuild and redeploy every instance (npm run build:services)`,
    };
  }
  if (pools.length === 1) return { ok: true, detail: 'one instance is alive: the one the lines above checked' };
  const names = [...new Set(pools.flatMap((pool) => Object.keys(pool.settings!)))].sort();
  const differing = names.filter((name) => new Set(pools.map((pool) => pool.settings![name] ?? 'unset')).size > 1);
  return differing.length === 0
    ? { ok: true, detail: `${pools.length} instances are alive, all with the same ${names.length} settings, so the one the lines above checked stands for all` }
    : {
        ok: false,
        detail: `${pools.length} instances are alive and their ${differing.join(', ')} differ: the lines above checked only the one that took the job, and the others' e-mails go out otherwise; give every instance the same settings (a redeploy under way? run the check again once it is over)`,
      };
}
