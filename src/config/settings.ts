import * as z from 'zod/mini';

/**
 * The site's build-time settings: the business facts (VITE_BUSINESS_*) and the public origin (VITE_SITE_URL).
 * The defaults are plainly placeholders; the owner sets the real ones at build time (README, "Settings").
 * The schemas are made when called, so nothing here runs on import: the browser's bundle gets the settings already
 * checked (checked-settings.ts) and leaves this module and zod out of what a page loads before it is interactive
 * (decision 013).
 */
/**
 * A link a visitor's click opens: zod's plain url() takes any scheme, and a `javascript:` one in the footer's links, an
 * e-mail's or the unsubscribe page's would run as the visitor clicks it.
 */
const webAddress = (message = 'must be an http:// or https:// address') => z.url({ protocol: /^https?$/, message });

export const businessEnvSchema = () =>
  z.object({
    VITE_BUSINESS_NAME: z._default(z.string().check(z.trim(), z.minLength(1)), 'Your Flooring Co.'),
    VITE_BUSINESS_PHONE: z._default(z.string().check(z.trim(), z.minLength(1)), '(856) 555-0100'),
    VITE_BUSINESS_EMAIL: z._default(z.email(), 'hello@example.com'),
    /** The business's postal address, on one line: every e-mail carries it (CAN-SPAM, 15 U.S.C. 7704(a)(5)). */
    VITE_BUSINESS_POSTAL_ADDRESS: z._default(
      z.string().check(z.trim(), z.minLength(1)),
      '100 Example Street, Haddonfield, NJ 08033',
    ),
    /**
     * The business's New Jersey home improvement contractor registration number ("13VH" and 8 digits, as the
     * Division of Consumer Affairs issues them). N.J.A.C. 13:45A-17.11(d)2 asks it to be displayed prominently on
     * every advertisement in the State and on all correspondence with consumers: the site's footer and every e-mail
     * show it (decision 031). The default is plainly a placeholder, like the phone's 555 number.
     */
    VITE_BUSINESS_NJ_HIC_REGISTRATION: z._default(
      z.string().check(
        z.trim(),
        z.regex(/^13VH\d{8}$/, {
          message:
            'VITE_BUSINESS_NJ_HIC_REGISTRATION must be the New Jersey home improvement contractor registration number: 13VH and 8 digits, like 13VH01234567',
        }),
      ),
      '13VH00000000',
    ),
    VITE_BUSINESS_FACEBOOK_URL: z._default(webAddress(), 'https://www.facebook.com/'),
    VITE_BUSINESS_INSTAGRAM_URL: z._default(webAddress(), 'https://www.instagram.com/'),
  });

/**
 * Where the site lives on the web. Canonical links, Open Graph URLs, the sitemap, robots.txt and the business's
 * structured data all need absolute URLs. The default is the local `npm start` address, so a local build links
 * to itself.
 */
export const siteEnvSchema = () =>
  z.object({
    VITE_SITE_URL: z._default(
      webAddress('VITE_SITE_URL must be the public origin, like https://example.com'),
      'http://127.0.0.1:5173',
    ),
  });

/**
 * The companies that run the site for the business, as the privacy notice names them (src/config/service-providers.ts).
 * Unset, the notice says what kind of company does the job without a name; set them before going live (README).
 */
export const providersEnvSchema = () => {
  // Empty counts as unset (service-providers.ts), so `VITE_SITE_HOST_NAME=` in a .env file is not an error.
  const companyName = z.optional(z.string().check(z.trim(), z.maxLength(80)));
  return z.object({
    /** Serves the site's pages (the static host: Netlify, Cloudflare Pages, ...). */
    VITE_SITE_HOST_NAME: companyName,
    /** Runs the visualizer processor and the e-mail worker (README "Deploying", step 3). */
    VITE_SERVICES_HOST_NAME: companyName,
    /** Delivers the e-mails (the SMTP provider the e-mail worker's SMTP_HOST belongs to). */
    VITE_EMAIL_PROVIDER_NAME: companyName,
    /**
     * Hosts the office's mailbox (STAFF_INBOX, and the business e-mail visitors write to: Google Workspace, Microsoft
     * 365, ...), where the copy of every form stays as correspondence. It handles what visitors type as much as the
     * delivery company does, so the notice lists it (decision 032, session 25).
     */
    VITE_OFFICE_EMAIL_PROVIDER_NAME: companyName,
    /**
     * The company whose service finds the floor and draws the new one when the processor runs VISUALIZER_ENGINE=http:
     * every photo then goes to it. Unset: the processor's own engine does it, as the privacy notice then says. The
     * processor reads this same setting and in production refuses to start when it and its engine disagree
     * (visualizer-processor/src/processor-config.ts, decision 040).
     */
    VITE_VISUALIZER_ENGINE_PROVIDER_NAME: companyName,
  });
};

export type BusinessSettings = z.output<ReturnType<typeof businessEnvSchema>>;
export type SiteSettings = z.output<ReturnType<typeof siteEnvSchema>>;
export type ProvidersSettings = z.output<ReturnType<typeof providersEnvSchema>>;
export type Settings = { business: BusinessSettings; site: SiteSettings; providers: ProvidersSettings };

/** The role a Supabase JWT key names (`anon`, `service_role`, ...), or null for anything that is not such a JWT. */
function jwtRole(value: string): string | null {
  const parts = value.split('.');
  if (parts.length !== 3) return null;
  try {
    const claims: unknown = JSON.parse(atob(parts[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    return claims && typeof claims === 'object' && typeof (claims as { role?: unknown }).role === 'string'
      ? (claims as { role: string }).role
      : null;
  } catch {
    return null;
  }
}

/**
 * Every VITE_* value is copied into the pages anyone downloads, so the build refuses one that is a Supabase secret
 * key: the new format (sb_secret_…) or a JWT key for any role but anon (the legacy service_role key bypasses row
 * security). The page's own check (src/lib/env.ts) runs in the browser, after the key has already shipped.
 */
export function refuseSecretKeys(env: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('VITE_') || typeof value !== 'string') continue;
    const role = value.trim().startsWith('sb_secret_') ? 'secret' : jwtRole(value.trim());
    if (role !== null && role !== 'anon') {
      throw new Error(
        `${name} holds a Supabase ${role === 'secret' ? 'secret' : `${role} JWT`} key, which would be published in every page: ` +
          'only the publishable key (sb_publishable_…) or the legacy anon key may be built into the site.',
      );
    }
  }
}

/**
 * The settings from an environment (Vite's `import.meta.env`, or `process.env`), checked; throws on a bad one, and
 * on a secret key in any VITE_* value (refuseSecretKeys).
 */
export function checkSettings(env: Record<string, unknown>): Settings {
  refuseSecretKeys(env);
  return {
    business: businessEnvSchema().parse(env),
    site: siteEnvSchema().parse(env),
    providers: providersEnvSchema().parse(env),
  };
}
