import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultPorts } from './local-settings';
import { assertPortFree, findFreePort, PortInUseError, TEST_PORT_RANGE } from './ports';
import { startStack } from './stack';

/** Where Linux picks the local ports of outgoing connections and of port-0 listeners (net.ipv4.ip_local_port_range). */
const EPHEMERAL_PORTS = { first: 32768, last: 60999 };

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

describe('findFreePort (test stacks)', () => {
  it("hands out ports outside the OS's own range and npm start's, never the same one twice", async () => {
    const ports = await Promise.all(Array.from({ length: 40 }, () => findFreePort()));
    expect(new Set(ports).size).toBe(ports.length);
    const npmStart = new Set(Object.values(defaultPorts()));
    for (const port of ports) {
      expect(port < EPHEMERAL_PORTS.first || port > EPHEMERAL_PORTS.last, `port ${port}`).toBe(true);
      expect(port >= TEST_PORT_RANGE.first && port <= TEST_PORT_RANGE.last, `port ${port}`).toBe(true);
      expect(npmStart.has(port), `port ${port}`).toBe(false);
    }
  });

  it('never hands out a port something listens on', async () => {
    const taken = await occupy();
    const more = await Promise.all(Array.from({ length: 20 }, () => findFreePort()));
    expect(more).not.toContain(taken);
    for (const port of more) await expect(assertPortFree(port, 'test', 'PORT')).resolves.toBeUndefined();
  });
});
