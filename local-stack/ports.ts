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

/** A port the OS says is free right now (for test stacks, which must not collide with `npm start`). */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
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
