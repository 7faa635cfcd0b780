// @ts-check
/**
 * The local stack's watchdog: it stops the stack's children when the process that started them is gone,
 * however that process ended (Ctrl-C, a crash, SIGKILL, a closed terminal). The supervisor (supervisor.ts)
 * starts it in a session of its own and keeps a pipe to its stdin open for its whole life; the kernel closes
 * that pipe when the supervising process dies, whatever killed it, so end-of-input here means "nobody is left
 * to stop the children". Plain JavaScript: it must start in milliseconds and without a TypeScript loader.
 *
 * Input, one JSON object per line:
 *   {"watch": <pid>, "name": "PostgREST", "signal": "SIGTERM"}   a child to stop, and how it likes to be asked
 *   {"forget": <pid>}                                            a child that has exited or was stopped
 *   {"remove": "<folder>"}                                       a folder to delete once orphaned children are stopped
 *                                                                (a throwaway stack's data; never on a clean stop)
 *   {"stopped": true}                                            the supervisor stopped its children itself: a clean
 *                                                                stop, so the end of input that follows deletes nothing
 */
import { rmSync } from 'node:fs';
import readline from 'node:readline';

const GRACE_MS = 5_000;

/** @type {Map<number, { name: string, signal: NodeJS.Signals }>} */
const watched = new Map();
/** @type {Set<string>} */
const removals = new Set();
let stoppedCleanly = false;

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  try {
    const message = JSON.parse(line);
    if (typeof message.watch === 'number') watched.set(message.watch, { name: message.name, signal: message.signal });
    if (typeof message.forget === 'number') watched.delete(message.forget);
    if (typeof message.remove === 'string') removals.add(message.remove);
    if (message.stopped === true) stoppedCleanly = true;
  } catch {
    // A half-written line from a dying supervisor: nothing to learn from it.
  }
});
lines.on('close', () => void stopEverything());

/** @param {number} pid */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** @param {number} target @param {NodeJS.Signals} signal */
function send(target, signal) {
  try {
    process.kill(target, signal);
  } catch {
    // Already gone.
  }
}

async function stopEverything() {
  // A clean stop has stopped the children and removes its own folders (or keeps them, as `npm start` does).
  if (stoppedCleanly) process.exit(0);
  if (watched.size > 0) await stopChildren();
  // Also when no child was left to stop (all had exited): the supervisor died without cleaning up all the same.
  for (const folder of removals) {
    try {
      rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
    } catch {
      // Nothing more this process can do about it.
    }
  }
  process.exit(0);
}

async function stopChildren() {
  const names = [...watched.values()].map((child) => child.name).join(', ');
  process.stderr.write(`local stack watchdog: the stack's own process is gone; stopping ${names}\n`);
  for (const [pid, child] of watched) send(pid, child.signal);
  const deadline = Date.now() + GRACE_MS;
  while (Date.now() < deadline && [...watched.keys()].some(isRunning)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Each child leads its own process group; whatever is left of a group (a stuck leader, its helpers) goes now.
  for (const pid of watched.keys()) send(-pid, 'SIGKILL');
}

// Signals meant for a terminal's foreground group never reach this session; anything else that asks us to
// stop gets the same clean-up as a vanished supervisor.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => void stopEverything());
}
