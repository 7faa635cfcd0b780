import net from 'node:net';

/**
 * Webhook calls that start an upload and never finish it, as the issue-38 audit sent them: each declares a
 * 1 MB body, sends one byte a second, and either vanishes after `dropAfterMs` (a phone that lost its signal, a
 * visitor who closed the tab) or keeps trickling until the server answers or the caller stops it.
 */
export type AbandonedUpload = {
  /** Settles when the server has closed the connection or it was dropped, with what the server sent. */
  readonly ended: Promise<string>;
  /** Whether the connection is still open (the server has neither answered and closed it, nor was it dropped). */
  open(): boolean;
  drop(): void;
};

export function startAbandonedUpload(
  target: string,
  options: { dropAfterMs?: number; localAddress?: string; headers?: Record<string, string> } = {},
): AbandonedUpload {
  const url = new URL(target);
  const socket = net.connect({ host: url.hostname, port: Number(url.port), localAddress: options.localAddress });
  let received = '';
  let closed = false;
  const extraHeaders = Object.entries(options.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.on('connect', () => {
    socket.write(
      `POST ${url.pathname} HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\n` +
        `content-length: 1000000\r\n${extraHeaders}\r\n{`,
    );
  });
  const trickle = setInterval(() => socket.writable && socket.write('a'), 1_000);
  const dropTimer = options.dropAfterMs === undefined ? undefined : setTimeout(() => socket.destroy(), options.dropAfterMs);
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const ended = new Promise<string>((resolve) => {
    socket.on('close', () => {
      closed = true;
      clearInterval(trickle);
      clearTimeout(dropTimer);
      resolve(received);
    });
  });
  return { ended, open: () => !closed, drop: () => socket.destroy() };
}
