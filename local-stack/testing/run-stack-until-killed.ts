/**
 * A whole local stack, as `npm start` runs it (the database flushing to disk), in a process of its own for the
 * tests that kill that process. Prints one JSON line (ports, the children's process ids, the data folder) once
 * the stack is up, then waits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../ports';
import { startStack } from '../stack';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'flooring-site-killed-stack-'));
fs.chmodSync(folder, 0o755);
const ports = {
  gateway: await findFreePort(),
  postgres: await findFreePort(),
  postgrest: await findFreePort(),
  postgrestAdmin: await findFreePort(),
  processor: await findFreePort(),
};
const stack = await startStack({
  ports,
  dataDir: path.join(folder, 'postgres'),
  storageDir: path.join(folder, 'storage'),
  withProcessor: process.argv.includes('--with-processor'),
});
console.log(
  JSON.stringify({
    folder,
    ports,
    superuserUrl: stack.superuserUrl,
    children: stack.children().map((child) => ({ name: child.name, pid: child.pid() })),
  }),
);
setInterval(() => {}, 60_000);
