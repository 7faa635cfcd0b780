import { z } from 'zod';
import { FLOOR_ENGINE_KINDS } from '../engine/create-floor-engine.ts';

/** The processor's settings, read from the environment once (README lists them). */
const processorEnvSchema = z
  .object({
    /** Container hosts route to 0.0.0.0:$PORT; `npm start` passes 127.0.0.1, so locally only this machine reaches it. */
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(1).max(65535).default(24324),
    SUPABASE_URL: z.url(),
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
    VISUALIZER_ENGINE_URL: z.url().optional(),
    VISUALIZER_ENGINE_API_KEY: z.string().min(1).optional(),
    ALLOWED_ORIGINS: z.string().default('*'),
    VISUALIZER_SYNC_REPLY_MS: z.coerce.number().int().min(0).default(8000),
  })
  .refine((env) => env.VISUALIZER_ENGINE !== 'http' || env.VISUALIZER_ENGINE_URL, {
    message: 'VISUALIZER_ENGINE=http needs VISUALIZER_ENGINE_URL',
    path: ['VISUALIZER_ENGINE_URL'],
  });

export type ProcessorConfig = z.infer<typeof processorEnvSchema> & { allowedOrigins: string[] };

export function readProcessorConfig(env: NodeJS.ProcessEnv = process.env): ProcessorConfig {
  const parsed = processorEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new Error(`Invalid visualizer processor settings:\n${lines.join('\n')}`);
  }
  const allowedOrigins = parsed.data.ALLOWED_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return { ...parsed.data, allowedOrigins: allowedOrigins.length > 0 ? allowedOrigins : ['*'] };
}
