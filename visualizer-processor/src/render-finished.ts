import { EventEmitter } from 'node:events';

/**
 * Tells the webhook's wait for a render (processor-server.ts) the moment this process's render job has written the
 * request's row, so the answer goes out at once instead of at the wait's next read of the row (every 200 ms: on
 * average a tenth of a second added to every phone's wait for its picture). Only a hint: the row stays the truth, and
 * a render finished by another instance is still seen by those reads.
 */
export interface RenderFinishedSignal {
  /** The render job of `requestId` wrote its outcome to the row (completed, failed, or a correction's). */
  finished(requestId: string): void;
  /** Resolves when `requestId` is told finished, or after `ms`, whichever comes first. */
  wait(requestId: string, ms: number): Promise<void>;
}

export function createRenderFinishedSignal(): RenderFinishedSignal {
  const renders = new EventEmitter();
  // One listener per webhook waiting for its render: as many as uploads in flight, which the slots bound.
  renders.setMaxListeners(0);
  return {
    finished: (requestId) => void renders.emit(requestId),
    wait: (requestId, ms) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          renders.off(requestId, done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        renders.on(requestId, done);
      }),
  };
}
