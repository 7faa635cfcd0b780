import { describe, expect, it } from 'vitest';
import { StorageAnswerError } from './image-storage.ts';
import { isTransientFault } from './transient-fault.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a fault worth trying again (a later wood, decision 049)', () => {
  it('is no answer at all, storage\'s own fault or its "slow down", or a Postgres connection lost', () => {
    // undici's rejection, with the socket's reset as its cause.
    expect(isTransientFault(new TypeError('fetch failed', { cause: withCode('read ECONNRESET', 'ECONNRESET') }))).toBe(true);
    expect(isTransientFault(withCode('connect ETIMEDOUT 10.0.0.1:443', 'ETIMEDOUT'))).toBe(true);
    expect(isTransientFault(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toBe(true);
    expect(isTransientFault(new StorageAnswerError('Storage upload in bucket floor-visualizer failed (503): busy', 503))).toBe(true);
    expect(isTransientFault(new StorageAnswerError('Storage signing in bucket floor-visualizer failed (429): slow down', 429))).toBe(true);
    expect(isTransientFault(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientFault(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
  });

  it('is not a refusal, a call someone stopped, or an error of our own', () => {
    expect(isTransientFault(new StorageAnswerError('Storage upload in bucket floor-visualizer failed (400): new row violates row-level security policy', 400))).toBe(false);
    expect(isTransientFault(new StorageAnswerError('Storage signing in bucket floor-visualizer failed (403): bad key', 403))).toBe(false);
    expect(isTransientFault(new DOMException('This operation was aborted', 'AbortError'))).toBe(false);
    expect(isTransientFault(new Error('Input buffer contains unsupported image format'))).toBe(false);
    expect(isTransientFault(withCode('permission denied for table floor_visualizer_requests', '42501'))).toBe(false);
    expect(isTransientFault('fetch failed')).toBe(false);
  });
});
