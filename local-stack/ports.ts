import net from 'node:net';

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

/** Ports this process has handed out, so two services of one stack never get the same one. */
const handedOut = new Set<number>();

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

/** A free port for a test stack's service (which must not collide with `npm start` or with the OS's own picks). */
export async function findFreePort(): Promise<number> {
  const size = TEST_PORT_RANGE.last - TEST_PORT_RANGE.first + 1;
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = TEST_PORT_RANGE.first + Math.floor(Math.random() * size);
    if (handedOut.has(port) || !(await isFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`No free port found between ${TEST_PORT_RANGE.first} and ${TEST_PORT_RANGE.last}`);
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
