import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
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

  describe('between processes', () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'port-reservations-'));
    afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
    // Below the test range and npm start's ports, so these draws reserve nothing a real stack would want.
    const range = { first: 23100, last: 23139 };

    /**
     * Another process drawing `count` ports from `range`, one after another, without binding them; it lives on (as a
     * stack holding its ports does) until `release` is called, and removes its reservations when it exits.
     */
    async function drawInAnotherProcess(reservations: string, count: number) {
      const script = path.join(scratch, 'draw.mts');
      fs.writeFileSync(
        script,
        `import { findFreePort } from ${JSON.stringify(pathToFileURL(path.resolve('local-stack/ports.ts')).href)};\n` +
          `const ports = [];\nfor (let i = 0; i < ${count}; i++) ports.push(await findFreePort({ range: ${JSON.stringify(range)}, reservations: ${JSON.stringify(reservations)} }));\n` +
          'console.log(JSON.stringify(ports));\nprocess.stdin.resume();\nprocess.stdin.on("end", () => process.exit(0));\n',
      );
      const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['pipe', 'pipe', 'inherit'] });
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      const ports = await new Promise<number[]>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.endsWith('\n')) resolve(JSON.parse(out) as number[]);
        });
        void exited.then((code) => reject(new Error(`the drawing process exited (${code}) before it drew`)));
      });
      return { ports, release: () => (child.stdin.end(), exited) };
    }

    it('never hands the same port to two processes drawing at once, and each removes its reservations when it exits', async () => {
      const reservations = path.join(scratch, 'at-once');
      // 15 each of 40: two independent draws would share a port almost surely (all but 2 in 10^5).
      const [first, second] = await Promise.all([drawInAnotherProcess(reservations, 15), drawInAnotherProcess(reservations, 15)]);
      expect(new Set([...first.ports, ...second.ports]).size).toBe(30);
      expect(fs.readdirSync(reservations).length).toBeGreaterThanOrEqual(30);
      expect(await Promise.all([first.release(), second.release()])).toEqual([0, 0]);
      expect(fs.readdirSync(reservations)).toEqual([]);
    }, 60_000);

    it("skips a port another process reserved moments ago, and takes one whose reservation has lapsed", async () => {
      const reservations = path.join(scratch, 'lapsed');
      fs.mkdirSync(reservations);
      const fresh = path.join(reservations, '23100');
      const lapsed = path.join(reservations, '23101');
      fs.writeFileSync(fresh, '1');
      fs.writeFileSync(lapsed, '1');
      const threeMinutesAgo = new Date(Date.now() - 180_000);
      fs.utimesSync(lapsed, threeMinutesAgo, threeMinutesAgo);

      await expect(findFreePort({ range: { first: 23100, last: 23100 }, reservations })).rejects.toThrow('No free port found between 23100 and 23100');
      expect(await findFreePort({ range: { first: 23101, last: 23101 }, reservations })).toBe(23101);
    });
  });
});
