/**
 * How long one call to the API waits for the server's answer. A submission or a read is a few KiB and is answered in milliseconds, so
 * this is far beyond a slow phone connection; without it a server that takes the request and never answers (a
 * stalled proxy, a database stuck on a lock) kept the form on "Submitting..." for as long as the page was open.
 * insert-with-fallback.ts says why a timed-out insert is safe to retry; the visualizer's calls say what they do after one.
 */
export const ANSWER_DEADLINE_MS = 15_000;

/** An abort signal that fires after `ms` (a plain timer, so tests can run it on a fake clock), and its cleanup. */
export function answerDeadline(ms = ANSWER_DEADLINE_MS): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`No answer from the server within ${ms / 1000} s`, 'TimeoutError')),
    ms,
  );
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
