/** Lets the browser paint and handle input before going on: what follows runs in a task of its own. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `work` in a task of its own, after the current one; returns what cancels it (an effect's clean-up).
 * For an effect that starts loading a chunk once the app is up: React runs the effects of the whole hydrated page
 * in one task, and asking for a chunk is not cheap there (Vite's preload helper adds a `modulepreload` link for
 * each of the chunk's imports: about 4.5 ms of CPU each for the tooltips' and the estimate form's chunks, in the
 * effects' task of 27 ms; decision 013, session 29).
 */
export function inATaskOfItsOwn(work: () => void): () => void {
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}
