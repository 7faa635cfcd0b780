import { z } from 'zod';
import { SettingsRefused, databaseUrlProblem, isProduction, isUnset, settingProblems } from '../../job-queue/service-settings.ts';
import { readBusinessFacts, type Business } from '../../src/config/business.ts';
import { FLOOR_ENGINE_KINDS } from '../engine/create-floor-engine.ts';

export const PROCESSOR_SERVICE = 'visualizer processor';

/**
 * An address a browser or this service opens over the web. zod's plain url() takes any scheme: a `javascript:` SITE_URL
 * would be the unsubscribe page's link back to the site, run by a visitor's click.
 */
const webAddress = () => z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' });

/** The processor's settings, read from the environment once (README lists them). */
const processorEnvSchema = z
  .object({
    /** Container hosts route to 0.0.0.0:$PORT; `npm start` passes 127.0.0.1, so locally only this machine reaches it. */
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(1).max(65535).default(24324),
    SUPABASE_URL: webAddress(),
    SUPABASE_SERVICE_ROLE_KEY: z.string().min(1),
    /** The database itself (the job queue lives there), e.g. Supabase's session pooler connection string. */
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string'),
    VISUALIZER_STORAGE: z.enum(['local', 'supabase']).default('local'),
    VISUALIZER_STORAGE_DIR: z.string().min(1).default('.local/storage'),
    VISUALIZER_UPLOAD_DIR: z.string().min(1).default('.local/visualizer-uploads'),
    VISUALIZER_RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(2),
    /**
     * Database connections this instance may open, the job queue's held LISTEN connection included: what it takes
     * from the pooler's client cap (README "Deploying", "Connection budget").
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(50).default(3),
    VISUALIZER_MAX_UPLOADS_IN_FLIGHT: z.coerce.number().int().min(1).max(64).default(4),
    /** Of those, how many one client address may hold (a client trickling many uploads waits for its own). */
    VISUALIZER_MAX_UPLOADS_PER_CLIENT: z.coerce.number().int().min(1).max(64).default(2),
    /**
     * The header naming the client's address (decision 005; its last entry counts); without it, the connecting
     * address. Empty: always the connecting address, for a processor with no proxy in front.
     */
    VISUALIZER_CLIENT_ADDRESS_HEADER: z.string().trim().toLowerCase().default('cf-connecting-ip'),
    VISUALIZER_RENDER_STYLES: z.enum(['default', 'all']).default('all'),
    VISUALIZER_ENGINE: z.enum(FLOOR_ENGINE_KINDS).default('offline'),
    VISUALIZER_ENGINE_URL: webAddress().optional(),
    VISUALIZER_ENGINE_API_KEY: z.string().min(1).optional(),
    /**
     * The company VISUALIZER_ENGINE=http sends every photo to, as the site's build names it (the same setting: the
     * privacy notice's providers and its paragraph on the photo follow it). Empty counts as unset.
     */
    VITE_VISUALIZER_ENGINE_PROVIDER_NAME: z
      .string()
      .trim()
      .max(80)
      .optional()
      .transform((name) => name || undefined),
    ALLOWED_ORIGINS: z.string().default('*'),
    /**
     * The site's public origin, for the way back from the pages this service shows a visitor (the e-mails'
     * unsubscribe page). Unset: the first of ALLOWED_ORIGINS, which production sets to the site's origin.
     */
    SITE_URL: webAddress().optional(),
    VISUALIZER_SYNC_REPLY_MS: z.coerce.number().int().min(0).default(20_000),
    /**
     * For the end-to-end tests only, refused in production: requests from a mailbox at this domain have their later
     * woods marked not made as soon as the default wood is shown (LATER_STYLES_TIMEOUT_MS is 90 s for every other),
     * so a journey sees the woods come after the row said they were not made. A `.test` domain (RFC 2606), which no
     * visitor's real mailbox has; one setting of the stack, never a switch a page could send.
     */
    VISUALIZER_LATE_WOODS_TEST_DOMAIN: z
      .string()
      .trim()
      .toLowerCase()
      .refine((domain) => domain === '' || /^([a-z0-9-]+\.)+test$/.test(domain), 'must be a domain ending in .test (a test setting)')
      .optional()
      .transform((domain) => domain || undefined),
  })
  .refine((env) => env.VISUALIZER_ENGINE !== 'http' || env.VISUALIZER_ENGINE_URL, {
    message: 'VISUALIZER_ENGINE=http needs VISUALIZER_ENGINE_URL',
    path: ['VISUALIZER_ENGINE_URL'],
  });

export type ProcessorConfig = z.infer<typeof processorEnvSchema> & {
  allowedOrigins: string[];
  production: boolean;
  /** The business facts (VITE_BUSINESS_*, the site's own settings) that the unsubscribe page names. */
  business: Business;
  /** Where the unsubscribe page's way back to the site leads: SITE_URL, else the first allowed origin. */
  siteUrl: string;
};

/** The site's address when neither SITE_URL nor an allowed origin names it: the local `npm start` site. */
const LOCAL_SITE_URL = 'http://127.0.0.1:5173';

/** An origin as a browser sends it in `Origin` for a web page: http(s), host and port, no path and no trailing slash. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    // ftp:// and ws:// have origins too, but no page a visitor opens sends one.
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/**
 * What production must set itself, because the development default would be unsafe there (NODE_ENV=production:
 * the image): where photos are stored, and which site may post them.
 */
function productionProblems(
  env: NodeJS.ProcessEnv,
  { VISUALIZER_STORAGE: storage, VISUALIZER_ENGINE: engine, VITE_VISUALIZER_ENGINE_PROVIDER_NAME: engineProvider }: z.infer<typeof processorEnvSchema>,
  origins: string[],
): string[] {
  const problems: string[] = [];
  // The privacy notice says who handles the photo, from the site's build (src/config/service-providers.ts): with
  // the offline engine, this service alone; with http, the company named. A processor whose engine the notice
  // does not describe would make the notice untrue for every photo (decision 040).
  if (engine === 'http' && !engineProvider) {
    problems.push(
      "VISUALIZER_ENGINE is http but VITE_VISUALIZER_ENGINE_PROVIDER_NAME is not set: every visitor's photo would go to a company the privacy page does not name; set it to that company's name, here and in the site's build",
    );
  } else if (engine === 'offline' && engineProvider) {
    problems.push(
      `VITE_VISUALIZER_ENGINE_PROVIDER_NAME names ${engineProvider}, but VISUALIZER_ENGINE is offline: the privacy page built with it says every photo goes to ${engineProvider}; unset it, here and in the site's build, or set VISUALIZER_ENGINE=http`,
    );
  }
  if (!isUnset(env, 'VISUALIZER_LATE_WOODS_TEST_DOMAIN')) {
    problems.push(
      "VISUALIZER_LATE_WOODS_TEST_DOMAIN is a test setting (the later woods of that domain's requests said not made at once); unset it",
    );
  }
  if (isUnset(env, 'VISUALIZER_STORAGE')) {
    problems.push(
      'VISUALIZER_STORAGE is not set: set it to supabase (the Storage buckets; the image has no writable disk), or to local with VISUALIZER_STORAGE_DIR and VISUALIZER_UPLOAD_DIR',
    );
  } else if (storage === 'local') {
    for (const folder of ['VISUALIZER_STORAGE_DIR', 'VISUALIZER_UPLOAD_DIR']) {
      if (isUnset(env, folder)) problems.push(`${folder} is not set: VISUALIZER_STORAGE=local needs a folder this service can write`);
    }
  }
  if (isUnset(env, 'ALLOWED_ORIGINS')) {
    problems.push("ALLOWED_ORIGINS is not set: set it to the site's origin (e.g. https://www.example.com); without it any web page could post photos");
  } else if (origins.includes('*')) {
    problems.push("ALLOWED_ORIGINS is *: any web page could post photos; set it to the site's origin (e.g. https://www.example.com)");
  }
  return problems;
}

/** Reads and checks the settings; throws SettingsRefused with one line per problem. */
export function readProcessorConfig(env: NodeJS.ProcessEnv = process.env): ProcessorConfig {
  const parsed = processorEnvSchema.safeParse(env);
  if (!parsed.success) throw new SettingsRefused(PROCESSOR_SERVICE, settingProblems(parsed.error, env));
  const origins = parsed.data.ALLOWED_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const allowedOrigins = origins.length > 0 ? origins : ['*'];
  const production = isProduction(env);
  let business: Business | undefined;
  const businessProblems: string[] = [];
  try {
    business = readBusinessFacts(env);
  } catch (error) {
    // The same check as the site's build and the e-mail worker (src/config/settings.ts): a bad registration number.
    const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
    if (!issues) throw error;
    businessProblems.push(
      ...issues.map(({ path, message }) => (message.startsWith(path.join('.')) ? message : `${path.join('.')}: ${message}`)),
    );
  }
  const problems = [
    ...businessProblems,
    ...[databaseUrlProblem(parsed.data.DATABASE_URL)].filter((problem) => problem !== undefined),
    ...allowedOrigins
      .filter((origin) => origin !== '*' && !isOrigin(origin))
      .map((origin) => `ALLOWED_ORIGINS: "${origin}" is not a web origin (http(s)://host[:port], no path and no trailing slash)`),
    ...(production ? productionProblems(env, parsed.data, allowedOrigins) : []),
  ];
  if (problems.length > 0 || !business) throw new SettingsRefused(PROCESSOR_SERVICE, problems);
  const siteUrl = parsed.data.SITE_URL ?? allowedOrigins.find((origin) => origin !== '*') ?? LOCAL_SITE_URL;
  return { ...parsed.data, allowedOrigins, production, business, siteUrl };
}
