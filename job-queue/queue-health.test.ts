import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { findFreePort } from '../local-stack/ports';
import { checkQueueHealth, createHealthServer } from './queue-health';

describe('GET /healthz of a service without its database', () => {
  it('answers 503 and says the database is unreachable', async () => {
    const db = new pg.Pool({ connectionString: `postgres://nobody:nothing@127.0.0.1:${await findFreePort()}/postgres`, max: 1 });
    const server = createHealthServer(() => checkQueueHealth(db, () => 'pool-1'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ ok: false, database: 'unreachable' });
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      server.close();
      await db.end();
    }
  });
});
