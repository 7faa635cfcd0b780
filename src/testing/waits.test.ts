import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { LAZY_ARRIVAL_TIMEOUT_MS } from './waits';

afterEach(() => vi.useRealTimers());

it('findBy, with no timeout of its own, waits for a lazily loaded dialog as long as a loaded machine needs', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  let outcome = 'waiting';
  const found = screen.findByRole('dialog', { name: 'Late dialog' }).then(
    () => (outcome = 'found'),
    () => (outcome = 'gave up'),
  );
  // Over the 5 s this used to be: a lazy dialog took longer at load ~20 (legal-pages.test.tsx, session 15).
  await vi.advanceTimersByTimeAsync(LAZY_ARRIVAL_TIMEOUT_MS / 2);
  expect(outcome).toBe('waiting');
  document.body.insertAdjacentHTML('beforeend', '<div role="dialog" aria-label="Late dialog"></div>');
  // Testing Library lets a 0 ms timer run before it hands the element over.
  await vi.advanceTimersByTimeAsync(50);
  await found;
  expect(outcome).toBe('found');
  expect(LAZY_ARRIVAL_TIMEOUT_MS / 2).toBeGreaterThan(5_000);
});
