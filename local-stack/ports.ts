import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly purpose: string,
    readonly setting: string,
  ) {
    super(
      `Port ${port} (${purpose}) is already in use. Stop whatever is using it, or choose another port with ${setting}=<port>.`,
    );
    this.name = 'PortInUseError';
  }
}

/** Fails with a message naming the port when something already listens on it. */
export async function assertPortFree(port: number, purpose: string, setting: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, purpose, setting) : error),
    );
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve()));
  });
}

/**
 * Where test stacks' ports are drawn from: below the range the OS hands out by itself for outgoing connections
 * and port-0 listeners (Linux: 32768-60999), and above `npm start`'s 243xx. A port the OS picked from its own
 * range could be taken by an outgoing connection in the seconds before the service it was picked for binds it
 * (seen: the integration stack's gateway failed with EADDRINUSE while Postgres and PostgREST were starting).
 */
export const TEST_PORT_RANGE = { first: 25000, last: 32767 } as const;

/**
 * Where a port handed out is reserved, one file per port, for every process drawing test ports on this machine:
 * `npm test` runs the integration stack, the deployment tests' stacks and the local-stack tests in parallel
 * processes, and a port probed free in one is not bound until its Postgres or PostgREST has started, seconds later,
 * while another process could probe it free too and get the same one.
 */
const RESERVATIONS_DIR = path.join(os.tmpdir(), 'flooring-site-test-ports');

/** How long a reservation holds: far longer than a service takes to bind its port, after which the probe sees it. */
const RESERVATION_MS = 120_000;

/**
 * Reservations this process made, removed when it exits. A process killed without exiting (a test worker torn down,
 * SIGKILL) leaves its few small files behind: they lapse after RESERVATION_MS and the next draw of that port takes
 * them over, so the folder holds at most one file per port of TEST_PORT_RANGE.
 */
const reservedHere = new Set<string>();
let removeReservationsOnExit = false;

/** Claims `port` for this process; false when another process (or this one) holds it. Synchronous, so no await splits the claim. */
function reserve(port: number, directory: string): boolean {
  const file = path.join(directory, String(port));
  const claim = () => {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    reservedHere.add(file);
    return true;
  };
  try {
    fs.mkdirSync(directory, { recursive: true });
    return claim();
  } catch (error) {
    // A folder that cannot be written: the probe alone decides, as before reservations.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return true;
  }
  try {
    if (Date.now() - fs.statSync(file).mtimeMs < RESERVATION_MS) return false;
    fs.rmSync(file, { force: true });
    return claim();
  } catch {
    return false;
  }
}

function removeReservations() {
  for (const file of reservedHere) fs.rmSync(file, { force: true });
}

/** True when nothing listens on the port now. */
async function isFree(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(false) : reject(error),
    );
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

export interface PortDraw {
  /** The ports drawn from; TEST_PORT_RANGE by default. */
  range?: { first: number; last: number };
  /** Where reservations are kept; one folder for the machine by default (tests of the reservations use their own). */
  reservations?: string;
}

/**
 * A free port for a test stack's service (which must not collide with `npm start` or with the OS's own picks), reserved
 * against every other process drawing one, so two stacks starting at once never get the same port.
 */
export async function findFreePort({ range = TEST_PORT_RANGE, reservations = RESERVATIONS_DIR }: PortDraw = {}): Promise<number> {
  if (!removeReservationsOnExit) {
    removeReservationsOnExit = true;
    process.once('exit', removeReservations);
  }
  const size = range.last - range.first + 1;
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = range.first + Math.floor(Math.random() * size);
    if (!reserve(port, reservations)) continue;
    // A reservation of a port something else listens on stays: that port is no use to anyone here until it lapses.
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port found between ${range.first} and ${range.last}`);
}

/** Thrown by a `waitFor` check to stop waiting at once (the thing waited for died). */
export class GiveUp extends Error {}

/** Waits until `check` resolves true, polling, or throws after `timeoutMs`. Other errors count as "not yet". */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 25; Date.now() < deadline; delay = Math.min(delay * 2, 250)) {
    const ready = await check().catch((error: unknown) => {
      if (error instanceof GiveUp) throw error;
      return false;
    });
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}
