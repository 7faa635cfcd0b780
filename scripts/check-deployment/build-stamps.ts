import { execFileSync } from 'node:child_process';
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
 * Files of the repository that no deployed part is built from: the site's build, the services' image and the
 * database's migrations never read them. Commits that change only these leave a deployment of the earlier commit the
 * same as one of the later (but its stamp): the decisions' and the READMEs' words, the tests, the benchmarks, and this
 * check's own lines, which judge a deployment and are not part of it. Anything else counts as deployed, a file added
 * later included: a wrong "deployed" only makes the line fail where it could have passed.
 */
export function isDeployedFile(file: string): boolean {
  return !(
    /^(docs|tests|e2e|bench|\.ci)\//.test(file) ||
    file.startsWith('scripts/check-deployment/') ||
    // The owner's sign-off on the claims (session 34): read by this check, imported by nothing else under src/
    // (owner-claims.test.ts holds that), so confirming a claim asks for no redeploy.
    file === 'src/config/owner-claims.ts' ||
    /\.md$/.test(file) ||
    /\.(test|spec)\.[cm]?[jt]sx?$/.test(file)
  );
}

/** What git says of this checkout's history, for `checkoutOutcome`. */
export type CheckoutHistory = {
  /** Whether HEAD is `commit` or contains it; undefined when git does not know the commit (not fetched, or elsewhere). */
  contains(commit: string): boolean | undefined;
  /** The commits from `commit` to HEAD and the files they change; undefined when git cannot say. */
  changesSince(commit: string): { commits: number; files: string[] } | undefined;
};

/** The history of the checkout at `root`, as git tells it. */
export function gitHistory(root: string): CheckoutHistory {
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return {
    contains: (commit) => {
      try {
        git('merge-base', '--is-ancestor', commit, 'HEAD');
        return true;
      } catch (error) {
        return (error as { status?: number }).status === 1 ? false : undefined;
      }
    },
    changesSince: (commit) => {
      try {
        return {
          commits: Number(git('rev-list', '--count', `${commit}..HEAD`).trim()),
          files: git('diff', '--name-only', '--no-renames', commit, 'HEAD').split('\n').filter(Boolean),
        };
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * Whether this checkout, whose lines judge the deployment, is the deployed commit, compared both ways.
 * Older than the deployment, the check lacks every line added since (a canonical address, a storage policy, a
 * sender's domain), so a deployment failing one of them passes: not checked, `git pull`. Newer than the deployment,
 * the check judges a deployment that is not this checkout's: after a deploy that did not reach the host (a failed
 * build, a service not redeployed, an upload to another site) every line passes on the earlier version still live,
 * and the one who deployed reads that the new one works. That fails, unless the commits since change no deployed file
 * (`isDeployedFile`: the docs, the tests, the check itself). `deployed` is the site's stamp (the site and the
 * processor are held to one commit by the line before); `checkout` is git's HEAD here (never SOURCE_COMMIT, which
 * anyone can set). Uncommitted changes of the checkout are not weighed: only a build made here could carry them.
 */
export function checkoutOutcome(
  deployed: string | undefined,
  checkout: string,
  history: CheckoutHistory,
): Outcome & { skipped?: boolean } {
  if (!deployed || deployed === UNKNOWN_COMMIT) {
    return {
      ok: false,
      skipped: true,
      detail:
        'the site says no commit (see the commit line above), so whether this checkout is the deployed version is not known',
    };
  }
  if (checkout === UNKNOWN_COMMIT) {
    return {
      ok: false,
      skipped: true,
      detail:
        'this folder is not a git checkout, so whether the check and the deployment are one version is not known; run it from a clone of the repository',
    };
  }
  const [site, here] = [deployed.replace(/-modified$/, ''), checkout.replace(/-modified$/, '')];
  if (site === here) return { ok: true, detail: `the check runs from the deployed commit, ${short(site)}` };
  const has = history.contains(site);
  if (has) {
    const changes = history.changesSince(site);
    if (!changes) {
      return {
        ok: false,
        skipped: true,
        detail: `this checkout (${short(here)}) is later than the deployed commit ${short(site)}, but git could not say what changed since, so whether the deployment is this checkout's version is not known`,
      };
    }
    const deployedFiles = changes.files.filter(isDeployedFile);
    if (deployedFiles.length === 0) {
      return {
        ok: true,
        detail: `this checkout (${short(here)}) is ${changes.commits} commit(s) later than the deployed commit ${short(site)}, and they change nothing that is deployed (only docs, tests or the check itself)`,
      };
    }
    const shown =
      deployedFiles.slice(0, 3).join(', ') + (deployedFiles.length > 3 ? ` and ${deployedFiles.length - 3} more` : '');
    return {
      ok: false,
      detail: `the site and the processor are built from ${short(site)}, ${changes.commits} commit(s) older than this checkout (${short(here)}), whose changes since (${shown}) are not deployed: a deploy that did not reach the host (a failed build, a service not redeployed, another site uploaded to), so every line above judged the earlier version; deploy ${short(here)} to both, or, to check ${short(site)} as it is, run the check from a checkout of it (git checkout ${short(site)})`,
    };
  }
  return {
    ok: false,
    skipped: true,
    detail: `this checkout (${short(here)}) ${has === false ? `does not contain the deployed commit ${short(site)}` : `does not know the deployed commit ${short(site)}`}: the check may be older than the deployment and lack the lines added since, so a fault they name would pass unseen; git pull (or check out ${short(site)}) and run it again`,
  };
}
