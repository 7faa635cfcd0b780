import type http from 'node:http';

/**
 * How long a connection is kept after a refusal, reading and dropping whatever the client still sends, so that
 * the refusal reaches it. A client that reads our answer hangs up well within this.
 */
export const LINGER_AFTER_REFUSAL_MS = 2_000;

/**
 * For a reply to a request whose body will not be read (too large, too slow): the reply goes out with
 * `Connection: close`, then the connection is closed without losing it.
 *
 * Closing a socket that still has unread bytes, or receives more, makes the kernel answer with a reset, and
 * a reset makes the client's kernel discard what it has not yet handed to the client: the 413 itself (issue
 * 27: a 20 MB upload got a reset or, through the gateway, 502). So once the reply is written, only our
 * sending side is closed; what the client still sends is read and dropped until it hangs up, for at most
 * `lingerMs`, as web servers' "lingering close" does. Node's server would destroy the socket as soon as the
 * reply is written; that step is taken over here.
 */
export function hangUpAfterReply(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  lingerMs = LINGER_AFTER_REFUSAL_MS,
): void {
  response.setHeader('connection', 'close');
  const socket = request.socket;
  response.once('finish', () => {
    // The server has just ended our side and queued socket.destroy for when that is done; keep the socket.
    socket.removeListener('finish', socket.destroy);
    socket.end();
    const deadline = setTimeout(() => socket.destroy(), lingerMs);
    deadline.unref();
    socket.once('close', () => clearTimeout(deadline));
    socket.once('end', () => socket.destroy());
    // Drop the rest of the body as it arrives, without keeping it.
    request.removeAllListeners('data');
    request.resume();
    socket.resume();
  });
}
