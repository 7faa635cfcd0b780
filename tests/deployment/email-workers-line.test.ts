import { describe, expect, it } from 'vitest';
import { settingDigests } from '../../job-queue/setting-digests';
import { emailWorkersOutcome } from '../../scripts/check-deployment/email-workers';

/** check:deployment's line on the live e-mail worker instances' settings (check-deployment.test.ts runs two real ones). */
const owner = { SITE_URL: 'https://www.floors.example', STAFF_INBOX: 'office@floors.example', MAIL_FROM: 'Floors <office@floors.example>' };

describe('the e-mail worker instances line', () => {
  it('passes one instance, and several with the same settings', () => {
    expect(emailWorkersOutcome([{ pool: 'a', settings: settingDigests(owner) }])).toEqual({ ok: true, detail: 'one instance is alive: the one the lines above checked' });
    expect(emailWorkersOutcome([{ pool: 'a', settings: settingDigests(owner) }, { pool: 'b', settings: settingDigests({ ...owner }) }]).ok).toBe(true);
  });

  it('fails instances whose settings differ, naming the settings and not their values', () => {
    const staging = settingDigests({ ...owner, SITE_URL: 'https://staging.floors.example', MAIL_FROM: 'Staging <s@floors.example>' });
    const outcome = emailWorkersOutcome([{ pool: 'a', settings: settingDigests(owner) }, { pool: 'b', settings: staging }]);

    expect(outcome).toEqual({ ok: false, detail: expect.stringMatching(/^2 instances are alive and their MAIL_FROM, SITE_URL differ: the lines above checked only the one that took the job/) });
    expect(outcome.detail).not.toContain('staging');
  });

  it('fails an instance that records no settings beside one that does (a version from before the check), and says when none is alive', () => {
    expect(emailWorkersOutcome([{ pool: 'a', settings: settingDigests(owner) }, { pool: 'b', settings: null }])).toEqual({
      ok: false,
      detail: expect.stringMatching(/^1 of the 2 live e-mail worker instance\(s\) run a version from before this check/),
    });
    expect(emailWorkersOutcome([]).ok).toBe(false);
  });

  it("wants the instances' commit to be the site's: a stale deploy of the worker or of the site fails, as does a worker from before build stamps", () => {
    const site = '0123456789abcdef0123456789abcdef01234567';
    const built = (commit?: string) => [{ pool: 'a', settings: settingDigests({ ...owner, ...(commit ? { BUILD: commit } : {}) }) }];

    expect(emailWorkersOutcome(built(site), site)).toEqual({ ok: true, detail: "one instance is alive: the one the lines above checked, built from the site's commit" });
    expect(emailWorkersOutcome(built('fedcba9876543210fedcba9876543210fedcba98'), site)).toEqual({
      ok: false,
      detail: expect.stringMatching(/^the e-mail worker is built from another commit than the site \(0123456789ab\): one of them is a stale deploy/),
    });
    expect(emailWorkersOutcome(built(), site)).toEqual({ ok: false, detail: expect.stringMatching(/^the e-mail worker records no build: it runs a version from before build stamps, while the site is built from 0123456789ab/) });
    // Built without its commit beside a site that says its own: a stale worker would pass as the site's.
    expect(emailWorkersOutcome(built('unknown'), site)).toEqual({
      ok: false,
      detail: expect.stringMatching(/^the e-mail worker was built where its commit was not known .*whether it is built from the site's commit \(0123456789ab\) is not known/),
    });
    // The site's commit not known: the commit line fails that; this one judges the settings alone.
    expect(emailWorkersOutcome(built('unknown'), 'unknown').ok).toBe(true);
    expect(emailWorkersOutcome(built(), undefined).ok).toBe(true);
  });

  it('digests each setting apart, the same value under another name included, and no value shows', () => {
    const digests = settingDigests({ STAFF_INBOX: 'office@floors.example', MAIL_FROM: 'office@floors.example', SMTP_PORT: 587, SMTP_USER: undefined });

    expect(Object.keys(digests)).toEqual(['MAIL_FROM', 'SMTP_PORT', 'SMTP_USER', 'STAFF_INBOX']);
    expect(digests.MAIL_FROM).not.toBe(digests.STAFF_INBOX);
    expect(JSON.stringify(digests)).not.toContain('floors');
    expect(Object.values(digests).every((digest) => /^[0-9a-f]{16}$/.test(digest))).toBe(true);
  });
});
