import { z } from 'zod';
import { SettingsRefused, databaseUrlProblem, isProduction, settingProblems } from '../../job-queue/service-settings.ts';

export const EMAIL_WORKER_SERVICE = 'email worker';

/** An address a visitor's click opens: zod's plain url() takes any scheme (`javascript:`, `data:`, `file:`). */
const webAddress = () => z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' });

/** The e-mail worker's settings, read from the environment once (README lists them). */
const emailWorkerEnvSchema = z.object({
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string'),
  SMTP_HOST: z.string().trim().min(1),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  /** `true`: TLS from the first byte (port 465). Otherwise STARTTLS is used when the server offers it. */
  SMTP_SECURE: z.enum(['true', 'false']).default('false'),
  MAIL_FROM: z.string().trim().min(3),
  STAFF_INBOX: z.email(),
  SITE_URL: webAddress(),
  /**
   * The visualizer processor's public unsubscribe endpoint, `https://<processor>/unsubscribe` (locally the gateway's
   * `/functions/v1/floor-visualizer/unsubscribe`). RFC 8058 wants https; plain http only for this machine.
   */
  UNSUBSCRIBE_URL: webAddress(),
  EMAIL_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(20).default(4),
  /**
   * Database connections this instance may open, the job queue's held LISTEN connection included: what it takes
   * from the pooler's client cap (README "Deploying", "Connection budget").
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(50).default(4),
  /** Where `GET /healthz` listens: container hosts route to 0.0.0.0:$PORT; `npm start` passes 127.0.0.1. */
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  /** 0: any free port (the local stack and tests, which run several workers side by side). */
  PORT: z.coerce.number().int().min(0).max(65535).default(24328),
});

export type EmailWorkerConfig = z.infer<typeof emailWorkerEnvSchema> & { production: boolean };

/** Reads and checks the settings; throws SettingsRefused with one line per problem. */
export function readEmailWorkerConfig(env: NodeJS.ProcessEnv = process.env): EmailWorkerConfig {
  const parsed = emailWorkerEnvSchema.safeParse(env);
  if (!parsed.success) throw new SettingsRefused(EMAIL_WORKER_SERVICE, settingProblems(parsed.error, env));
  const config = parsed.data;
  const problems: string[] = [databaseUrlProblem(config.DATABASE_URL)].filter((problem) => problem !== undefined);
  // Both would only show as e-mails that never leave: a login refused at every attempt, a TLS port spoken to in plain text.
  if (config.SMTP_USER && !config.SMTP_PASSWORD) problems.push('SMTP_PASSWORD is not set: SMTP_USER needs it');
  if (config.SMTP_PORT === 465 && config.SMTP_SECURE !== 'true') problems.push('SMTP_SECURE is not true on port 465, which speaks TLS from the first byte: set SMTP_SECURE=true');
  // RFC 8058: mail programs POST one-click unsubscribes to https only; plain http is for this machine's stack.
  const unsubscribe = new URL(config.UNSUBSCRIBE_URL);
  const thisMachine = ['127.0.0.1', 'localhost', '[::1]'].includes(unsubscribe.hostname);
  if (unsubscribe.protocol !== 'https:' && !(thisMachine && unsubscribe.protocol === 'http:')) {
    problems.push('UNSUBSCRIBE_URL is not https://: mail programs send one-click unsubscribes to https only (RFC 8058)');
  }
  if (problems.length > 0) throw new SettingsRefused(EMAIL_WORKER_SERVICE, problems);
  return { ...config, production: isProduction(env) };
}
