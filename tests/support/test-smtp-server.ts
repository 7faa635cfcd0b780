import { SMTPServer } from 'smtp-server';

export type AcceptedMessage = { messageId: string; to: string[] };

/**
 * An SMTP server a fault test controls: it accepts, holds each message's final reply until released (so a
 * test can act while a send is in flight), or is stopped and started again on the same port (an outage).
 * It records what it accepted, so a test can count deliveries per Message-ID.
 */
export function createTestSmtpServer(port: number) {
  const accepted: AcceptedMessage[] = [];
  let hold = false;
  const held: (() => void)[] = [];
  const inFlightWaiters: (() => void)[] = [];
  let server: SMTPServer | undefined;

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      closeTimeout: 100,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const messageId = raw.match(/^Message-ID:\s*(<[^>]+>)/im)?.[1] ?? '';
          const accept = () => {
            accepted.push({ messageId, to: session.envelope.rcptTo.map((rcpt) => rcpt.address) });
            callback();
          };
          for (const wake of inFlightWaiters.splice(0)) wake();
          if (hold) held.push(accept);
          else accept();
        });
      },
    });

  return {
    accepted,
    async start(): Promise<void> {
      server = make();
      server.on('error', () => undefined);
      await new Promise<void>((resolve, reject) => {
        server!.server.once('error', reject);
        server!.listen(port, '127.0.0.1', () => resolve());
      });
    },
    /** Stops listening and drops open connections (clients see the server go away). */
    async stop(): Promise<void> {
      const current = server;
      server = undefined;
      if (!current) return;
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    /** From now on, messages wait for `release()` before the server says it accepted them. */
    holdReplies(): void {
      hold = true;
    },
    /** Resolves when a message's data has arrived (the send is in flight). */
    nextMessageInFlight(): Promise<void> {
      return new Promise((resolve) => inFlightWaiters.push(resolve));
    },
    release(): void {
      hold = false;
      for (const accept of held.splice(0)) accept();
    },
    /** Forgets the held messages without answering them: their sender never hears "accepted". */
    dropHeld(): void {
      held.length = 0;
    },
  };
}
