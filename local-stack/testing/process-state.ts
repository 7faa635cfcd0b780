import fs from 'node:fs';

/**
 * Whether a process is alive. A process that has exited but was not yet reaped by its new parent (a zombie,
 * which holds no port and no memory) counts as gone.
 */
export function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}
