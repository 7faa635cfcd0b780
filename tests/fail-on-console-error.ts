import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error fails the test. A test that expects one spies on console.error itself
// (vi.spyOn(console, 'error').mockImplementation(...)) and asserts on it; restoreMocks then resets it.
let unexpected: unknown[][] = [];

beforeEach(() => {
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpected.push(args);
  });
});

afterEach(() => {
  const seen = unexpected;
  unexpected = [];
  if (seen.length > 0) {
    throw new Error(`Unexpected console.error:\n${seen.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});
