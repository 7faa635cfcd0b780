/** `npm run db:reset`: wipes the local database, stored images, pending uploads and the local inbox; the next `npm start` starts fresh. */
import fs from 'node:fs';
import path from 'node:path';
import { defaultPorts, localStateDir } from '../local-settings';
import { assertPortFree } from '../ports';

async function main() {
  // It takes no arguments: `npm run db:reset -- --dry-run` (as data:forget takes) wiped everything all the same.
  const args = process.argv.slice(2);
  if (args.length > 0) {
    console.error(`npm run db:reset takes no arguments (got ${args.join(' ')}); nothing was wiped.\nUsage: npm run db:reset`);
    process.exit(1);
  }
  try {
    await assertPortFree(defaultPorts().postgres, 'PostgreSQL', 'POSTGRES_PORT');
  } catch {
    console.error('The local stack seems to be running. Stop `npm start` (Ctrl-C) first, then reset.');
    process.exit(1);
  }
  const stateDir = localStateDir();
  for (const part of ['postgres', 'storage', 'visualizer-uploads', 'mail']) fs.rmSync(path.join(stateDir, part), { recursive: true, force: true });
  console.log(`Local data wiped (${stateDir}). The next \`npm start\` applies every migration to a new database.`);
}

void main();
