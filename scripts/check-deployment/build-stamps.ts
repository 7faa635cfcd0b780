import { UNKNOWN_COMMIT } from '../../contracts/build-stamp.ts';
import type { Outcome } from './test-rows.ts';

/** What the site serves at /build-stamp.json (prerender-plugin.ts writes it): its commit, and the entry its pages start. */
export type SiteStamp = { commit: string; entry?: string };

const short = (commit: string) => commit.replace(/^([0-9a-f]{12})[0-9a-f]*/, '$1');

/**
 * Whether the site and the processor are built from one commit, from what each serves: the site's /build-stamp.json
 * and the processor's /healthz (`build`). Either may be a stale deploy: the site rebuilt and uploaded after a pull
 * while the image was not, or the reverse; they then disagree on what a render holds (decision 023, item 18).
 * `pagesEntry` is the entry the site's pages start: a stamp of another build than the pages (a CDN that kept one of
 * them) proves nothing.
 */
export function buildStampsOutcome(
  site: SiteStamp | undefined,
  processor: string | undefined,
  pagesEntry: string | undefined,
): Outcome {
  // Every build since session 18 says its commit: a deployment where neither does is older than this check.
  if (!site && !processor) {
    return {
      ok: false,
      detail:
        'neither the site (/build-stamp.json) nor the processor (/healthz) says which commit it is built from: both are from a version before build stamps, older than this check, so whether they match is not known; build both from this checkout and deploy both',
    };
  }
  if (!site) {
    return {
      ok: false,
      detail: `the processor is built from ${short(processor!)}, but the site serves no /build-stamp.json: it is built from a version before build stamps (or dist/ was not uploaded whole); build the site from ${short(processor!)} and upload dist/`,
    };
  }
  if (site.entry && pagesEntry && site.entry !== pagesEntry) {
    return {
      ok: false,
      detail: `/build-stamp.json names the entry ${site.entry}, but the pages start ${pagesEntry}: the host serves the stamp of another build than its pages (a CDN not purged, an upload that stopped half-way); upload the whole of dist/ again`,
    };
  }
  if (!processor) {
    return {
      ok: false,
      detail: `the site is built from ${short(site.commit)}, but the processor's /healthz names no build: it runs a version from before build stamps; build the services from ${short(site.commit)} (npm run build:services, or the image) and redeploy them`,
    };
  }
  const unknown = [
    site.commit === UNKNOWN_COMMIT && 'the site',
    processor === UNKNOWN_COMMIT && 'the processor',
  ].filter(Boolean);
  // Not a skip: the build, not this machine, left it out, and a stale deploy built so would otherwise pass unseen.
  if (unknown.length > 0) {
    return {
      ok: false,
      detail: `${unknown.join(' and ')} ${unknown.length > 1 ? 'were' : 'was'} built where its commit was not known (no git checkout, no SOURCE_COMMIT), so whether the two are one build is not known: a stale deploy built so passes unseen; build from a git checkout, or give the build SOURCE_COMMIT (the image: docker build --build-arg SOURCE_COMMIT=$(git rev-parse HEAD); a host that builds the image from the repository: its commit variable, RENDER_GIT_COMMIT or RAILWAY_GIT_COMMIT_SHA, as that build argument) and deploy it again`,
    };
  }
  if (site.commit !== processor && site.commit.replace(/-modified$/, '') === processor.replace(/-modified$/, '')) {
    return {
      ok: false,
      detail: `the site and the processor are built from ${short(site.commit.replace(/-modified$/, ''))}, but ${site.commit.endsWith('-modified') ? 'the site' : 'the processor'} with uncommitted changes: they are not known to be the same sources; commit the changes and build both from that commit`,
    };
  }
  if (site.commit !== processor) {
    return {
      ok: false,
      detail: `the site is built from ${short(site.commit)} and the processor from ${short(processor)}: one of them is a stale deploy, and they disagree on what a render holds; build both from one commit and deploy both`,
    };
  }
  return {
    ok: true,
    detail: `both built from ${short(site.commit)}${site.commit.endsWith('-modified') ? ' (with uncommitted changes, which may differ between the two builds)' : ''}`,
  };
}

/**
 * Whether this checkout, whose lines judge the deployment, is the deployed commit or a later one. Run from an older
 * checkout, the check lacks every line added since (a canonical address, a storage policy, a sender's domain), so a
 * deployment failing one of them passes, and nothing else says so when no migration came with them. `deployed` is
 * the site's stamp; `checkout` is git's HEAD here (never SOURCE_COMMIT, which anyone can set); `contains` asks git
 * whether HEAD has the deployed commit (undefined: git does not know it, so this checkout is older or elsewhere).
 */
export function checkoutOutcome(
  deployed: string | undefined,
  checkout: string,
  contains: (commit: string) => boolean | undefined,
): Outcome & { skipped?: boolean } {
  if (!deployed || deployed === UNKNOWN_COMMIT) {
    return { ok: false, skipped: true, detail: 'the site says no commit (see the commit line above), so whether this checkout is as new as the deployment is not known' };
  }
  if (checkout === UNKNOWN_COMMIT) {
    return { ok: false, skipped: true, detail: 'this folder is not a git checkout, so whether the check is as new as the deployment is not known; run it from a clone of the repository' };
  }
  const [site, here] = [deployed.replace(/-modified$/, ''), checkout.replace(/-modified$/, '')];
  if (site === here) return { ok: true, detail: `the check runs from the deployed commit, ${short(site)}` };
  const has = contains(site);
  if (has) return { ok: true, detail: `this checkout (${short(here)}) is later than the deployed commit ${short(site)}: its lines are at least as new` };
  return {
    ok: false,
    skipped: true,
    detail: `this checkout (${short(here)}) ${has === false ? `does not contain the deployed commit ${short(site)}` : `does not know the deployed commit ${short(site)}`}: the check may be older than the deployment and lack the lines added since, so a fault they name would pass unseen; git pull (or check out ${short(site)}) and run it again`,
  };
}
