import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Everything the local stack keeps between runs (gitignored). */
export const LOCAL_STATE_DIR = path.join(PROJECT_ROOT, '.local');
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'supabase', 'migrations');
export const ENV_LOCAL_FILE = path.join(PROJECT_ROOT, '.env.local');
export const PROCESSOR_ENTRY = path.join(PROJECT_ROOT, 'visualizer-processor', 'src', 'main.ts');
export const EMAIL_WORKER_ENTRY = path.join(PROJECT_ROOT, 'email-worker', 'src', 'main.ts');
