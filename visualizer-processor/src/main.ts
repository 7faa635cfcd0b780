/**
 * Runs the visualizer processor alone: `npm run serve:processor` after `npm run build:services` (as a host runs it),
 * or npx tsx visualizer-processor/src/main.ts (settings in README.md).
 */
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { serviceBuildCommit } from '../../contracts/build-stamp.ts';
import { DEFAULT_WOOD_STYLE, WOOD_STYLE_IDS } from '../../contracts/wood-styles.ts';
import { checkQueueHealth } from '../../job-queue/queue-health.ts';
import { describeError } from '../../job-queue/redact.ts';
import { refuseToStart } from '../../job-queue/service-settings.ts';
import { startJobRunner } from '../../job-queue/start-job-runner.ts';
import { ENFORCE_RETENTION_TASK, RENDER_FLOOR_TASK } from '../../job-queue/task-identifiers.ts';
import { ENFORCE_RETENTION_SCHEDULE, createEnforceRetentionTask } from '../../visitor-data/enforce-retention-task.ts';
import { deploymentCheckLeftoversSweep } from '../../visitor-data/deployment-check-leftovers.ts';
import { createLocalVisitorFiles, createSupabaseVisitorFiles } from '../../visitor-data/visitor-files.ts';
import { createFloorEngine } from '../engine/create-floor-engine.ts';
import { floorModelProblem } from '../engine/segmentation/floor-model.mjs';
import { createLocalImageStorage, createSupabaseImageStorage } from './image-storage.ts';
import { PROCESSOR_SERVICE, readProcessorConfig, type ProcessorConfig } from './processor-config.ts';
import { createSqlUnsubscribeStore } from './email-unsubscribe.ts';
import { createProcessorServer } from './processor-server.ts';
import { createRenderFinishedSignal } from './render-finished.ts';
import { createRenderFloorTask } from './render-floor-task.ts';
import { createSqlVisualizerRequestRepository } from './sql-visualizer-request-repository.ts';
import { createStoredPhotoTakeover } from './take-over-stored-photos.ts';
import { createLocalStorageCheck, createSupabaseStorageCheck } from './storage-health.ts';
import { createLocalUploadStore, createSupabaseUploadStore } from './upload-store.ts';

/** A request still `processing` this long after its photo arrived is failed (the page polls about 5 minutes). */
export const PROCESSING_DEADLINE_SECONDS = 240;
/** A request whose photo never came is failed after this long, so staff still hear of the lead. */
export const PENDING_DEADLINE_SECONDS = 3600;

/** The commit this processor was built from, which /healthz says (check:deployment compares it with the site's). */
const buildCommit = serviceBuildCommit(import.meta.url);

let config: ProcessorConfig;
try {
  config = readProcessorConfig();
} catch (error) {
  refuseToStart(PROCESSOR_SERVICE, error);
}

const credentials = { supabaseUrl: config.SUPABASE_URL, serviceRoleKey: config.SUPABASE_SERVICE_ROLE_KEY };
const checkStorage =
  config.VISUALIZER_STORAGE === 'supabase'
    ? createSupabaseStorageCheck(credentials)
    : createLocalStorageCheck({
        VISUALIZER_STORAGE_DIR: path.resolve(config.VISUALIZER_STORAGE_DIR),
        VISUALIZER_UPLOAD_DIR: path.resolve(config.VISUALIZER_UPLOAD_DIR),
      });
if (config.production) {
  // Every upload would fail with 500 while /healthz said 200: refuse now, naming the setting. Storage that does not
  // answer at all may be a passing outage; /healthz reports it until it answers.
  const storage = await checkStorage();
  if (storage.storage === 'not writable' || storage.storage === 'refused') {
    refuseToStart(PROCESSOR_SERVICE, new Error(`${storage.detail}; uploads could not be stored`));
  }
  if (storage.storage !== 'ok') console.log(`${PROCESSOR_SERVICE}: storage not reachable yet: ${storage.detail}`);
}

// The offline engine's model is installed by the install step, not shipped in git. Without it every render fails:
// a host (production) gets no instance that cannot render; `npm start` keeps the site's forms up and says so once.
const modelProblem = config.VISUALIZER_ENGINE === 'offline' ? floorModelProblem() : null;
if (modelProblem) {
  console.error(`visualizer processor: ${modelProblem}`);
  if (process.env.NODE_ENV === 'production') process.exit(1);
}

// Memory: sharp's cache would keep decoded photos around after a render; its own threads per render add up.
sharp.cache(false);
sharp.concurrency(1);

const db = new pg.Pool({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_SIZE });
db.on('error', (error) => console.log(`visualizer processor: idle database connection lost (${describeError(error)})`));
// A connection dropped while checked out (Postgres restarting) surfaces on the query using it; this keeps the
// client's own 'error' event from crashing the process meanwhile.
db.on('connect', (client) => client.on('error', () => undefined));

const repository = createSqlVisualizerRequestRepository(db);
const uploads =
  config.VISUALIZER_STORAGE === 'supabase'
    ? createSupabaseUploadStore(credentials)
    : createLocalUploadStore(path.resolve(config.VISUALIZER_UPLOAD_DIR));
const engine = createFloorEngine({
  kind: config.VISUALIZER_ENGINE,
  url: config.VISUALIZER_ENGINE_URL,
  apiKey: config.VISUALIZER_ENGINE_API_KEY,
  // A processor waits for photos: its first one finds the engine's code already made fast.
  rehearse: true,
});

const visitorFiles =
  config.VISUALIZER_STORAGE === 'supabase'
    ? createSupabaseVisitorFiles(credentials)
    : createLocalVisitorFiles({
        storageDir: path.resolve(config.VISUALIZER_STORAGE_DIR),
        uploadDir: path.resolve(config.VISUALIZER_UPLOAD_DIR),
      });
const enforceRetention = createEnforceRetentionTask({ db, files: visitorFiles });

const renderStyles = config.VISUALIZER_RENDER_STYLES === 'all' ? WOOD_STYLE_IDS : [DEFAULT_WOOD_STYLE];

// A photo stored by a webhook call that died before queuing its render (this or another processor killed mid-call)
// is rendered, not left pending for the hour's sweep (decision 016, item 21).
const takeOverStoredPhotos = createStoredPhotoTakeover({
  repository,
  // The newest first, and a few: each costs storage a listing every 15 s, and rows whose photo never came (a page
  // closed before sending it) wait for the hour's sweep here too.
  async pendingRequestIds(createdBefore) {
    const { rows } = await db.query<{ id: string }>(
      `select id from public.floor_visualizer_requests
       where status = 'pending' and created_at < $1 and created_at > now() - make_interval(secs => $2)
       order by created_at desc limit 20`,
      [createdBefore, PENDING_DEADLINE_SECONDS],
    );
    return rows.map((row) => row.id);
  },
  listRequestFiles: (requestId) => visitorFiles.listRequestFiles(requestId),
  styles: renderStyles,
});

// The render job tells the webhook waiting for it that the row is written (render-finished.ts).
const renderFinished = createRenderFinishedSignal();

const runner = await startJobRunner({
  service: 'visualizer-processor',
  db,
  concurrency: config.VISUALIZER_RENDER_CONCURRENCY,
  pollIntervalMs: 1_000,
  taskList: {
    [RENDER_FLOOR_TASK]: createRenderFloorTask({
      repository,
      uploads,
      engine,
      deleteRequestFiles: (requestId) => visitorFiles.deleteRequestFiles(requestId),
      renderFinished,
      ...(config.VISUALIZER_LATE_WOODS_TEST_DOMAIN ? { lateWoodsTestDomain: config.VISUALIZER_LATE_WOODS_TEST_DOMAIN } : {}),
      storage:
        config.VISUALIZER_STORAGE === 'supabase'
          ? createSupabaseImageStorage(credentials)
          : createLocalImageStorage({ directory: path.resolve(config.VISUALIZER_STORAGE_DIR), supabaseUrl: config.SUPABASE_URL }),
    }),
    // The retention job runs here because this service holds the storage key (decision 015).
    [ENFORCE_RETENTION_TASK]: async () => {
      await enforceRetention();
    },
  },
  cron: [
    {
      task: ENFORCE_RETENTION_TASK,
      match: ENFORCE_RETENTION_SCHEDULE,
      identifier: ENFORCE_RETENTION_TASK,
      // One run at a time, and a run missed while no processor was up is not repeated: the next one catches up.
      options: { backfillPeriod: 0, maxAttempts: 3, queueName: 'retention', jobKey: ENFORCE_RETENTION_TASK },
    },
  ],
  sweeps: [
    {
      name: 'the visualizer deadline',
      everyMs: 15_000,
      async run(database) {
        const { rows } = await database.query<{ id: string }>(
          'select back_office.fail_overdue_visualizer_requests(make_interval(secs => $1), make_interval(secs => $2)) as id',
          [PROCESSING_DEADLINE_SECONDS, PENDING_DEADLINE_SECONDS],
        );
        for (const row of rows) console.log(`request=${row.id} failed by the deadline`);
      },
    },
    {
      name: 'the photos stored without a render',
      everyMs: 15_000,
      async run() {
        await takeOverStoredPhotos();
      },
    },
    // This service holds the storage key, so it removes what a killed `npm run check:deployment` left.
    deploymentCheckLeftoversSweep(visitorFiles),
  ],
});

const { server, whenIdle } = createProcessorServer({
  repository,
  uploads,
  engineName: engine.name,
  allowedOrigins: config.allowedOrigins,
  syncReplyMs: config.VISUALIZER_SYNC_REPLY_MS,
  renderFinished,
  maxUploadsInFlight: config.VISUALIZER_MAX_UPLOADS_IN_FLIGHT,
  maxUploadsPerClient: config.VISUALIZER_MAX_UPLOADS_PER_CLIENT,
  clientAddressHeader: config.VISUALIZER_CLIENT_ADDRESS_HEADER,
  renderStyles,
  healthCheck: async () => {
    const [queue, storage] = await Promise.all([checkQueueHealth(db, () => runner.poolId()), checkStorage()]);
    const detail = [queue.detail, storage.detail].filter(Boolean).join('; ');
    const health = { ...queue, ...storage, ok: queue.ok && storage.storage === 'ok', ...(detail ? { detail } : {}) };
    // Which engine draws the floors, and the company it sends photos to: check:deployment holds the site's privacy
    // page to it (decision 040).
    const engineSays = { engine: config.VISUALIZER_ENGINE, ...(config.VITE_VISUALIZER_ENGINE_PROVIDER_NAME ? { engineProvider: config.VITE_VISUALIZER_ENGINE_PROVIDER_NAME } : {}) };
    return { ...(modelProblem ? { ...health, ok: false, model: modelProblem } : health), build: buildCommit, ...engineSays };
  },
  unsubscribes: { store: createSqlUnsubscribeStore(db), sender: { business: config.business, siteUrl: config.siteUrl } },
});

// An upload call (POST /, the webhook) is a photo on its way: the engine stops rehearsing now, so the photo's upload,
// storing and decoding do not share the CPU with it and its render does not wait for a rehearsal's part under way.
server.on('request', (request) => {
  if (request.method === 'POST' && (request.url ?? '/').split('?')[0] === '/') engine.photoComing?.();
});

server.listen(config.PORT, config.HOST, () => {
  console.log(
    `visualizer processor listening on http://${config.HOST}:${config.PORT} (${config.VISUALIZER_RENDER_CONCURRENCY} render(s) at a time, ${config.DATABASE_POOL_SIZE} database connections at most)`,
  );
});

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`visualizer processor stopping (${signal}); finishing work in progress`);
  server.close();
  server.closeIdleConnections();
  await whenIdle();
  await runner.stop();
  await db.end();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
