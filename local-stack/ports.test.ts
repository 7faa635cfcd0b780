import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPortFree, findFreePort, PortInUseError } from './ports';
import { startStack } from './stack';

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function occupy(): Promise<number> {
  const port = await findFreePort();
  const server = net.createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return port;
}

describe('port checks', () => {
  it('passes a free port', async () => {
    await expect(assertPortFree(await findFreePort(), 'gateway', 'GATEWAY_PORT')).resolves.toBeUndefined();
  });

  it('names the taken port, what it is for, and the setting that moves it', async () => {
    const port = await occupy();
    await expect(assertPortFree(port, 'API gateway', 'GATEWAY_PORT')).rejects.toThrow(
      `Port ${port} (API gateway) is already in use. Stop whatever is using it, or choose another port with GATEWAY_PORT=<port>.`,
    );
  });

  it('stops the stack before anything starts when one of its ports is taken', async () => {
    const taken = await occupy();
    const error = await startStack({
      ports: { gateway: await findFreePort(), postgres: taken, postgrest: await findFreePort(), postgrestAdmin: await findFreePort(), processor: await findFreePort() },
      dataDir: '/nonexistent/never-created',
      storageDir: '/nonexistent/never-created-storage',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortInUseError);
    expect((error as Error).message).toContain(`Port ${taken} (PostgreSQL)`);
  });
});
