/** Runs the visualizer processor alone: npx tsx visualizer-processor/src/main.ts (settings in README.md). */
import path from 'node:path';
import { createFloorEngine } from '../engine/create-floor-engine.ts';
import { createLocalImageStorage, createSupabaseImageStorage } from './image-storage.ts';
import { createPostgrestVisualizerRequestRepository } from './postgrest-visualizer-request-repository.ts';
import { readProcessorConfig, type ProcessorConfig } from './processor-config.ts';
import { createProcessorServer } from './processor-server.ts';

let config: ProcessorConfig;
try {
  config = readProcessorConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const credentials = { supabaseUrl: config.SUPABASE_URL, serviceRoleKey: config.SUPABASE_SERVICE_ROLE_KEY };
const { server, whenIdle } = createProcessorServer({
  repository: createPostgrestVisualizerRequestRepository(credentials),
  storage:
    config.VISUALIZER_STORAGE === 'supabase'
      ? createSupabaseImageStorage(credentials)
      : createLocalImageStorage({ directory: path.resolve(config.VISUALIZER_STORAGE_DIR), supabaseUrl: config.SUPABASE_URL }),
  engine: createFloorEngine({
    kind: config.VISUALIZER_ENGINE,
    url: config.VISUALIZER_ENGINE_URL,
    apiKey: config.VISUALIZER_ENGINE_API_KEY,
  }),
  allowedOrigins: config.allowedOrigins,
  syncReplyMs: config.VISUALIZER_SYNC_REPLY_MS,
});

server.listen(config.PORT, '127.0.0.1', () => {
  console.log(`visualizer processor listening on http://127.0.0.1:${config.PORT}`);
});

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`visualizer processor stopping (${signal}); finishing work in progress`);
  server.close();
  server.closeIdleConnections();
  await whenIdle();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
