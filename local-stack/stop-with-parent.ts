import fs from 'node:fs';

/**
 * Calls `stop` once `npm start` is gone. npm stopped on its own (a SIGINT or SIGTERM sent to npm alone, as an IDE's
 * stop button or a process manager does, rather than Ctrl-C to the terminal's whole group) exits without passing
 * the signal on, leaving its shell waiting for this process, and the stack went on running with nobody to stop it.
 * So this process watches the processes between it and npm (npm's shell, when the script did not `exec`) and npm
 * itself; when one of them is no longer what it was, its starter has gone. Nothing above npm is watched: the
 * shell that launched npm may exit while npm runs on (`nohup npm start &`, a terminal that closed its tab), and
 * that is no reason to stop (issue 38: it used to stop a second later). Polled, as no platform tells a process
 * that; the timer keeps nothing alive.
 */
export function stopWithParent(stop: () => void, intervalMs = 1_000): () => void {
  const watched = startedBy();
  const timer = setInterval(() => {
    if (ancestors(watched.length).join() !== watched.join()) {
      clearInterval(timer);
      stop();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** How far up npm is looked for: npm, or npm's shell and then npm. */
const MAX_HOPS_TO_NPM = 3;

/**
 * The live ids of this process's ancestors, nearest first, up to and including npm when npm started it; just
 * the parent otherwise. On Linux, read from /proc (Node's `process.ppid` is read once at start-up); elsewhere
 * whether the first parent still lives.
 */
function startedBy(): (number | undefined)[] {
  const chain = ancestors(MAX_HOPS_TO_NPM);
  if (chain[0] === undefined) {
    try {
      process.kill(process.ppid, 0);
      return [process.ppid];
    } catch {
      return [undefined];
    }
  }
  const npm = chain.findIndex((pid) => pid !== undefined && isNpm(pid));
  return npm >= 0 ? chain.slice(0, npm + 1) : chain.slice(0, 1);
}

/** The first `count` ancestors' ids, nearest first (`undefined` where /proc cannot tell). */
function ancestors(count: number): (number | undefined)[] {
  const chain: (number | undefined)[] = [];
  let current: string | undefined = 'self';
  for (let hop = 0; hop < count; hop++) {
    const parent: number | undefined = current === undefined ? undefined : parentOf(current);
    chain.push(parent);
    current = parent === undefined || parent <= 1 ? undefined : String(parent);
  }
  return chain;
}

function parentOf(pid: string): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** npm names itself `npm <command>` (its process title), or runs as `node …/npm-cli.js`. */
function isNpm(pid: number): boolean {
  try {
    const words = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]+/).filter(Boolean);
    const npmCli = process.env.npm_execpath;
    return words[0]?.split('/').at(-1) === 'npm' || (!!npmCli && words.slice(0, 2).includes(npmCli));
  } catch {
    return false;
  }
}
