import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/**
 * The local stand-in for an e-mail provider: an SMTP server that accepts every message and keeps it (as
 * .eml files, so a restart keeps the inbox), and a web inbox to read them, with a JSON API for tests.
 * Nothing leaves the machine. Mail to an address at `refusedDomain` is refused with a permanent 550,
 * which is how the fault tests (and a curious developer) see a refusal.
 */
export interface CaughtMessage {
  id: string;
  receivedAt: string;
  envelope: { from: string; to: string[] };
  subject: string;
  from: string;
  to: string[];
  replyTo: string[];
  messageId: string;
  /** Every header as received, names in lower case (a repeated header: its last value). */
  headers: Record<string, string>;
  text: string;
  html: string;
  attachments: { index: number; filename: string; contentType: string; size: number }[];
}

export interface MailCatcherOptions {
  smtpPort: number;
  webPort: number;
  /** Where messages are kept; created if missing. */
  directory: string;
  refusedDomain?: string;
  log?: (line: string) => void;
}

export interface MailCatcher {
  smtpPort: number;
  webUrl: string;
  messages(): CaughtMessage[];
  stop(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 30 * 1024 * 1024;
const KEEP_MESSAGES = 500;

function addresses(list: Email['to'] | Email['replyTo']): string[] {
  return (list ?? []).flatMap((entry) =>
    'group' in entry && entry.group ? entry.group.map((member) => member.address) : [(entry as { address: string }).address],
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export async function startMailCatcher(options: MailCatcherOptions): Promise<MailCatcher> {
  fs.mkdirSync(options.directory, { recursive: true });
  type Stored = { summary: CaughtMessage; parsed: Email };
  const stored: Stored[] = [];

  async function remember(id: string, raw: Buffer, envelope: CaughtMessage['envelope'], receivedAt: string): Promise<void> {
    const parsed = await PostalMime.parse(raw);
    stored.push({
      parsed,
      summary: {
        id,
        receivedAt,
        envelope,
        subject: parsed.subject ?? '',
        from: parsed.from?.address ?? '',
        to: addresses(parsed.to),
        replyTo: addresses(parsed.replyTo),
        messageId: parsed.messageId ?? '',
        headers: Object.fromEntries(parsed.headers.map((header) => [header.key.toLowerCase(), header.value])),
        text: parsed.text ?? '',
        html: parsed.html ?? '',
        attachments: parsed.attachments.map((attachment, index) => ({
          index,
          filename: attachment.filename ?? `attachment-${index}`,
          contentType: attachment.mimeType,
          size: typeof attachment.content === 'string' ? attachment.content.length : attachment.content.byteLength,
        })),
      },
    });
    stored.sort((a, b) => a.summary.receivedAt.localeCompare(b.summary.receivedAt));
    while (stored.length > KEEP_MESSAGES) stored.shift();
  }

  // Earlier messages, kept as <received-at>_<id>.eml with the envelope in a .json beside it.
  for (const file of fs.readdirSync(options.directory).filter((name) => name.endsWith('.eml')).sort().slice(-KEEP_MESSAGES)) {
    const base = file.slice(0, -'.eml'.length);
    const [receivedAt = '', id = randomUUID()] = base.split('_');
    try {
      const envelope = JSON.parse(fs.readFileSync(path.join(options.directory, `${base}.json`), 'utf8')) as CaughtMessage['envelope'];
      await remember(id, fs.readFileSync(path.join(options.directory, file)), envelope, receivedAt.replace(/-(\d\d)-(\d\d)-(\d\d\d)Z$/, ':$1:$2.$3Z'));
    } catch {
      // A half-written file from a killed run: skip it.
    }
  }

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    banner: 'local mail catcher: nothing leaves this machine',
    closeTimeout: 500,
    size: MAX_MESSAGE_BYTES,
    onRcptTo(address, _session, callback) {
      if (options.refusedDomain && address.address.toLowerCase().endsWith(`@${options.refusedDomain}`)) {
        const error = new Error('5.1.1 Mailbox unavailable (refused by the local mail catcher)') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const id = randomUUID();
        const receivedAt = new Date().toISOString();
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        const base = `${receivedAt.replace(/:(\d\d):(\d\d)\.(\d\d\d)Z$/, '-$1-$2-$3Z')}_${id}`;
        fs.writeFileSync(path.join(options.directory, `${base}.json`), JSON.stringify(envelope));
        fs.writeFileSync(path.join(options.directory, `${base}.eml`), raw);
        remember(id, raw, envelope, receivedAt).then(
          () => callback(),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  smtp.on('error', (error) => options.log?.(`mail catcher: ${error.message}`));

  const find = (id: string) => stored.find((entry) => entry.summary.id === id);
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><meta name="viewport" content="width=device-width">` +
    `<style>body{font:15px/1.45 system-ui,sans-serif;margin:0;background:#fcf9f4;color:#1f130b}header{background:#3b2416;color:#f0d9b5;padding:14px 20px}` +
    `main{padding:16px 20px;max-width:1100px}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:8px;border-bottom:1px solid #f0d9b5;vertical-align:top}` +
    `a{color:#6f4527}iframe{width:100%;height:70vh;border:1px solid #f0d9b5;background:#fff}pre{white-space:pre-wrap;background:#fff;padding:12px;border:1px solid #f0d9b5}</style></head>` +
    `<body><header><strong>Local mail catcher</strong>: e-mails the site sent (nothing left this machine)</header><main>${body}</main></body></html>`;

  const web = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mail.local');
    const send = (status: number, type: string, body: string | Uint8Array, extra: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': type, ...extra });
      response.end(body);
    };
    const parts = url.pathname.split('/').filter(Boolean);
    if (request.method === 'GET' && url.pathname === '/api/messages') {
      return send(200, 'application/json', JSON.stringify(stored.map((entry) => entry.summary)));
    }
    if (request.method === 'DELETE' && url.pathname === '/api/messages') {
      stored.length = 0;
      for (const file of fs.readdirSync(options.directory)) fs.rmSync(path.join(options.directory, file), { force: true });
      return send(204, 'text/plain', '');
    }
    if (request.method === 'GET' && parts[0] === 'messages' && parts[1]) {
      const entry = find(parts[1]);
      if (!entry) return send(404, 'text/plain; charset=utf-8', 'No such message');
      if (parts[2] === 'html') {
        // The message's own HTML, unable to run scripts or reach the inbox page.
        return send(200, 'text/html; charset=utf-8', entry.summary.html, { 'content-security-policy': 'sandbox' });
      }
      if (parts[2] === 'attachments' && parts[3]) {
        const attachment = entry.parsed.attachments[Number(parts[3])];
        if (!attachment) return send(404, 'text/plain; charset=utf-8', 'No such attachment');
        const content = typeof attachment.content === 'string' ? Buffer.from(attachment.content) : new Uint8Array(attachment.content);
        return send(200, attachment.mimeType, content, {
          'content-disposition': `attachment; filename="${(attachment.filename ?? 'attachment').replace(/[^\w.-]/g, '_')}"`,
        });
      }
      const m = entry.summary;
      const rows: [string, string][] = [
        ['Received', m.receivedAt],
        ['From', m.from],
        ['To', m.to.join(', ')],
        ['Reply-To', m.replyTo.join(', ')],
        ['Subject', m.subject],
      ];
      const attachments = m.attachments
        .map((a) => `<li><a href="/messages/${m.id}/attachments/${a.index}">${escapeHtml(a.filename)}</a> (${a.contentType}, ${a.size} bytes)</li>`)
        .join('');
      return send(
        200,
        'text/html; charset=utf-8',
        page(
          m.subject,
          `<p><a href="/">← Inbox</a></p><table>${rows.map(([k, v]) => `<tr><th>${k}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>` +
            (attachments ? `<h2>Attachments</h2><ul>${attachments}</ul>` : '') +
            (m.html ? `<h2>HTML</h2><iframe sandbox title="The e-mail's HTML" src="/messages/${m.id}/html"></iframe>` : '') +
            `<h2>Plain text</h2><pre>${escapeHtml(m.text)}</pre>`,
        ),
      );
    }
    if (request.method === 'GET' && url.pathname === '/') {
      const rows = [...stored]
        .reverse()
        .map(
          ({ summary: m }) =>
            `<tr><td>${escapeHtml(new Date(m.receivedAt).toLocaleString())}</td><td>${escapeHtml(m.to.join(', '))}</td>` +
            `<td><a href="/messages/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td><td>${m.attachments.length ? `${m.attachments.length} attachment${m.attachments.length > 1 ? 's' : ''}` : ''}</td></tr>`,
        )
        .join('');
      return send(
        200,
        'text/html; charset=utf-8',
        page(
          'Local inbox',
          stored.length
            ? `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th><th>Attachments</th></tr></thead><tbody>${rows}</tbody></table>`
            : '<p>No e-mails yet. Submit a form on the site and reload.</p>',
        ),
      );
    }
    send(404, 'text/plain; charset=utf-8', 'Not found');
  });

  const listen = (server: { listen: (port: number, host: string, cb: () => void) => unknown; once: (event: 'error', cb: (e: Error) => void) => unknown }, port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen(smtp.server, options.smtpPort);
  try {
    await listen(web, options.webPort);
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }

  return {
    smtpPort: options.smtpPort,
    webUrl: `http://127.0.0.1:${options.webPort}/`,
    messages: () => stored.map((entry) => entry.summary),
    async stop() {
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          web.close(() => resolve());
          web.closeAllConnections();
        }),
      ]);
    },
  };
}
