import { describeError } from '../../job-queue/redact.ts';
import { StorageAnswerError } from './image-storage.ts';

/** Socket faults (Node's and undici's codes) that say the connection broke or never formed, not that we were refused. */
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

/** Postgres (pg) faults that pass: its connection lost (class 08), the server restarting, a lock ordering it lost. */
const PASSING_SQLSTATES = /^(08...|57P0[123]|40001|40P01)$/;

/**
 * Whether the same call may well succeed if made again in a moment: no answer at all (undici's `fetch failed`, a
 * reset, a timeout), storage's own fault (5xx), or its "slow down" (429, 408). A refusal (any other 4xx: a bad key,
 * a path it will not take) would be refused again, and an error of our own (an encoder's) would fail again.
 */
export function isTransientFault(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (cause instanceof StorageAnswerError) return cause.status >= 500 || cause.status === 429 || cause.status === 408;
    // A deadline's (AbortSignal.timeout); an AbortError is a call someone meant to stop.
    if (cause.name === 'TimeoutError') return true;
    if (cause instanceof TypeError && cause.message === 'fetch failed') return true;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || PASSING_SQLSTATES.test(code))) return true;
    if (/^Connection terminated/.test(cause.message)) return true;
  }
  return false;
}

/**
 * `work`, made again after each delay while it fails with a transient fault; any other fault, or the last try's,
 * is thrown (the last with how many tries it had). Only for calls that may be made twice: uploads to a fixed path
 * with upsert, link signing, a row write that adds the same wood again.
 */
export async function tryAgainOnTransientFault<T>(
  work: () => Promise<T>,
  delaysMs: readonly number[],
  onRetry: (error: unknown, delayMs: number, nextTry: number) => void,
): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await work();
    } catch (error) {
      const delayMs = delaysMs[tries - 1];
      if (!isTransientFault(error)) throw error;
      if (delayMs === undefined) throw new Error(`${describeError(error)} (${tries} tries)`, { cause: error });
      onRetry(error, delayMs, tries + 1);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
