/**
 * A supervising process for the tests that kill it: it starts two children (a tiny HTTP server and a process
 * that ignores SIGTERM) under a supervisor, prints their process ids as one JSON line, and waits to be killed.
 * Folders named as arguments are the supervisor's `removeIfOrphaned`. With SUPERVISE_THEN_STOP_CHILDREN=1 it stops
 * both children (each on its own, not stopAll) before printing, so it is killed with no child left to watch.
 */
import { createSupervisor } from '../supervisor';

const supervisor = createSupervisor({
  log: (line) => console.log(line),
  onFatal: (message) => console.log(message),
  removeIfOrphaned: process.argv.slice(2),
});
const server = await supervisor.start({
  name: 'server',
  command: process.execPath,
  args: ['-e', "require('node:http').createServer((q, s) => s.end('ok')).listen(0)"],
  ifItDies: 'restart',
  ready: async () => true,
});
const stubborn = await supervisor.start({
  name: 'stubborn',
  command: process.execPath,
  args: ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"],
  ifItDies: 'restart',
  ready: async () => true,
});
const pids = [server.pid(), stubborn.pid()];
if (process.env.SUPERVISE_THEN_STOP_CHILDREN === '1') {
  await server.stop();
  await stubborn.stop();
}
console.log(JSON.stringify({ pids }));
setInterval(() => {}, 60_000);
