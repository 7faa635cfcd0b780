import http from 'node:http';
import type pg from 'pg';
import { describeError } from './redact.ts';

export type QueueHealth = { ok: boolean; database: 'ok' | 'unreachable'; queue: 'ok' | 'not running' | 'unreachable'; detail?: string };

/** How long a health probe may wait for the database before it counts as down (hosts probe every few seconds). */
const PROBE_TIMEOUT_MS = 3_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What `GET /healthz` reports: the database answers, and the job queue both answers (graphile-worker's schema is
 * readable with this service's login) and has a live worker pool in this process. A host restarts or stops
 * routing to an instance that says 503, which is right: without its queue a service cannot do its work.
 */
export async function checkQueueHealth(db: pg.Pool, poolId: () => string | undefined): Promise<QueueHealth> {
  try {
    await withTimeout(db.query('select 1'), PROBE_TIMEOUT_MS);
  } catch (error) {
    return { ok: false, database: 'unreachable', queue: 'unreachable', detail: describeError(error) };
  }
  try {
    await withTimeout(db.query('select 1 from graphile_worker._private_jobs limit 1'), PROBE_TIMEOUT_MS);
  } catch (error) {
    return { ok: false, database: 'ok', queue: 'unreachable', detail: describeError(error) };
  }
  if (!poolId()) return { ok: false, database: 'ok', queue: 'not running', detail: 'the job runner is restarting' };
  return { ok: true, database: 'ok', queue: 'ok' };
}

/** Answers `GET /healthz` (and nothing else) for a service that has no HTTP API of its own: the e-mail worker. */
export function createHealthServer(check: () => Promise<QueueHealth>): http.Server {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/healthz') {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ error: 'Not found.' }));
      return;
    }
    void check().then((health) => {
      response.writeHead(health.ok ? 200 : 503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      response.end(JSON.stringify(health));
    });
  });
  server.keepAliveTimeout = 5_000;
  return server;
}
