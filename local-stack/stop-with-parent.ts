import fs from 'node:fs';

/**
 * Calls `stop` once `npm start` is gone. npm stopped on its own (a SIGINT or SIGTERM sent to npm alone, as an IDE's
 * stop button or a process manager does, rather than Ctrl-C to the terminal's whole group) exits without passing
 * the signal on, leaving its shell waiting for this process, and the stack went on running with nobody to stop it.
 * So this process watches its parent and its parent's parent (npm's shell and npm); when either is no longer
 * what it was, its starter has gone. Polled, as no platform tells a process that; the timer keeps nothing alive.
 */
export function stopWithParent(stop: () => void, intervalMs = 1_000): () => void {
  const ancestors = startedBy();
  const timer = setInterval(() => {
    if (startedBy().join() !== ancestors.join()) {
      clearInterval(timer);
      stop();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * [parent, grandparent] by their live ids on Linux (Node's `process.ppid` is read once at start-up); elsewhere
 * whether the first parent still lives.
 */
function startedBy(): (number | undefined)[] {
  const parent = parentOf('self');
  if (parent !== undefined) return [parent, parentOf(String(parent))];
  try {
    process.kill(process.ppid, 0);
    return [process.ppid];
  } catch {
    return [undefined];
  }
}

function parentOf(pid: string): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}
