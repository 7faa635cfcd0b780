import { spawn } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../local-stack/paths';
import { ACCEPTS_ZSTD, request } from '../../scripts/check-deployment/http';

/**
 * check:deployment against a host that takes connections and never answers: each request waits out its 20 s of
 * silence, and a check may wait on several in turn, so a run printed nothing for minutes (load ~20). A person
 * watching must see what it waits on.
 */
describe('check:deployment against a host that never answers', () => {
  it('says on stderr, before the first request gives up, which check runs and which request it waits on', async () => {
    const sockets = new Set<net.Socket>();
    const host = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(host.address() as net.AddressInfo).port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/check-deployment/main.ts', origin], {
      cwd: PROJECT_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        SUPABASE_URL: origin,
        SUPABASE_ANON_KEY: 'sb_publishable_quiet-host-test',
        SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_quiet-host-test',
        VITE_VISUALIZER_WEBHOOK_URL: `${origin}/functions/v1/floor-visualizer`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    try {
      const notice = await new Promise<string>((resolve, reject) => {
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          const line = stderr.split('\n').find((candidate) => candidate.startsWith('... still on'));
          if (line) resolve(line);
        });
        child.on('exit', () => reject(new Error(`ended without a notice; stdout:\n${stdout}\nstderr:\n${stderr}`)));
      });

      expect(notice).toMatch(
        new RegExp(
          `^\\.\\.\\. still on "page /" after \\d+ s: waiting on GET ${origin}/, unanswered for \\d+ s \\(given up after 20 s of silence\\)$`,
        ),
      );
      // Where Node cannot decode zstd, the run says first that a host's .zst copies go unseen (session 23).
      if (!ACCEPTS_ZSTD) expect(stderr.split('\n')[0]).toBe(`note: Node ${process.version} cannot decode zstd, so this run does not ask for it as Chrome (123 and later) does: a host that gives Chrome a .zst copy of a page or script, stale or not, is not seen from here; run the check on Node 22.15 or later to see it`);
      // Said while the page's request still waits: before its line, which comes when the 20 s are out.
      expect(stdout).not.toMatch(/page \//);
    } finally {
      child.kill('SIGKILL');
      for (const socket of sockets) socket.destroy();
      host.close();
    }
  }, 60_000);

  it('gives up on a host after two requests in a row got no answer, saying so, and asks again of one that answered', async () => {
    let connections = 0;
    let answering = false;
    const sockets = new Set<net.Socket>();
    const host = net.createServer((socket) => {
      connections++;
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('data', () => {
        if (answering) socket.end('HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
      });
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(host.address() as net.AddressInfo).port}`;
    const quick = { idleTimeoutMs: 300 };
    try {
      await expect(request(`${origin}/`, quick)).rejects.toThrow('no answer within 0.3 s');
      // One answer, of any status, between two silences: the host is there and is asked again.
      answering = true;
      expect((await request(`${origin}/robots.txt`, quick)).status).toBe(503);
      answering = false;
      await expect(request(`${origin}/realtors`, quick)).rejects.toThrow('no answer within 0.3 s');
      await expect(request(`${origin}/privacy`, quick)).rejects.toThrow('no answer within 0.3 s');
      expect(connections).toBe(4);

      await expect(request(`${origin}/terms?id=1`, quick)).rejects.toThrow(
        `not asked: ${origin} answered none of its last 2 requests in full (GET /realtors, GET /privacy), each waited out to its timeout`,
      );
      expect(connections).toBe(4);
      // The test rows' removal is asked all the same: a host silent a while may take it again.
      answering = true;
      expect((await request(`${origin}/rest/v1/rpc/deployment_check_remove_rows`, { ...quick, method: 'POST', body: '{}', evenIfGivenUp: true })).status).toBe(503);
      expect(connections).toBe(5);
      // Its whole answer clears the give-up.
      expect((await request(`${origin}/terms`, quick)).status).toBe(503);
    } finally {
      for (const socket of sockets) socket.destroy();
      host.close();
    }
  });

  it('counts a request whose answer began and then stalled as unanswered: a host that sends its headers and nothing more is given up on too', async () => {
    let connections = 0;
    const sockets = new Set<net.Socket>();
    const host = net.createServer((socket) => {
      connections++;
      sockets.add(socket);
      socket.on('error', () => undefined);
      // Headers and part of the body, then nothing: no idle timeout would fire for the first bytes alone.
      socket.on('data', () => socket.write('HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: 1000\r\n\r\n<!doctype html>'));
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(host.address() as net.AddressInfo).port}`;
    const quick = { idleTimeoutMs: 300 };
    try {
      await expect(request(`${origin}/`, quick)).rejects.toThrow();
      await expect(request(`${origin}/realtors`, quick)).rejects.toThrow();
      expect(connections).toBe(2);

      await expect(request(`${origin}/privacy`, quick)).rejects.toThrow(
        `not asked: ${origin} answered none of its last 2 requests in full (GET / (stalled after its headers), GET /realtors (stalled after its headers)), each waited out to its timeout`,
      );
      expect(connections).toBe(2);
    } finally {
      for (const socket of sockets) socket.destroy();
      host.close();
    }
  });
});
