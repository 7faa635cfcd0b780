import { z } from 'zod';

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
  SITE_URL: z.url(),
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

export type EmailWorkerConfig = z.infer<typeof emailWorkerEnvSchema>;

export function readEmailWorkerConfig(env: NodeJS.ProcessEnv = process.env): EmailWorkerConfig {
  const parsed = emailWorkerEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new Error(`Invalid e-mail worker settings:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
