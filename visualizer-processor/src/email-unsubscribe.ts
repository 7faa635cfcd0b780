import type http from 'node:http';
import type pg from 'pg';
import { verifiedMailboxDigest } from '../../contracts/unsubscribe-link.ts';
import { describeError } from '../../job-queue/redact.ts';
import type { Business } from '../../src/config/business.ts';

/**
 * Unsubscribing from marketing e-mail (decision 024), answered here because this is the public Node service and it
 * already holds the database: the link in the guide and welcome e-mails, and RFC 8058's one-click POST a mail program
 * sends for its Unsubscribe button.
 * - `GET /unsubscribe?token=…`: a page with one button (a GET changes nothing: mail scanners and link previews
 *   fetch links, and must not unsubscribe anyone); `HEAD` answers the same without the page;
 * - `POST /unsubscribe?token=…` (body `List-Unsubscribe=One-Click`, or the page's button): records the mailbox in
 *   back_office.email_unsubscribes and answers 200. No cookie, no redirect, no login, as RFC 8058 asks.
 * A token that is not genuine (contracts/unsubscribe-link.ts) gets 400 and records nothing.
 */
export interface UnsubscribeStore {
  signingKey(): Promise<string>;
  /** Records the mailbox's unsubscribe (suppressing its queued marketing e-mails); returns since when. */
  record(mailboxDigest: string): Promise<Date>;
}

export function createSqlUnsubscribeStore(db: pg.Pool): UnsubscribeStore {
  let key: Promise<string> | undefined;
  return {
    signingKey() {
      key ??= db
        .query<{ signing_key: string }>('select signing_key from back_office.unsubscribe_signing_key')
        .then(({ rows }) => {
          if (!rows[0]) throw new Error('back_office.unsubscribe_signing_key is empty');
          return rows[0].signing_key;
        })
        .catch((error: unknown) => {
          key = undefined;
          throw error;
        });
      return key;
    },
    async record(mailboxDigest) {
      const { rows } = await db.query<{ since: Date }>('select back_office.record_unsubscribe($1) as since', [mailboxDigest]);
      return rows[0]!.since;
    },
  };
}

/**
 * Who the page is from. A visitor reaches it from a mail program, away from the site: the page names the business,
 * gives its phone and postal address and its registration line (as every e-mail's foot does, decision 031), and a way
 * back to the site. The facts are the site's own settings (VITE_BUSINESS_*, src/config/business.ts).
 */
export interface UnsubscribePageSender {
  business: Pick<Business, 'name' | 'phone' | 'phoneHref' | 'postalAddress' | 'registrationLine'>;
  /** The site's public origin (processor-config.ts: SITE_URL, else the first allowed origin). */
  siteUrl: string;
}

export interface UnsubscribeEndpoint {
  store: UnsubscribeStore;
  sender: UnsubscribePageSender;
}

/** The largest body taken: RFC 8058's is 26 bytes. */
const MAX_UNSUBSCRIBE_BODY_BYTES = 1024;

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** A line of the page: plain words, and the business's phone as a link that never breaks across lines. */
type Words = string | ((phoneLink: string) => string);

function page(sender: UnsubscribePageSender, title: string, paragraphs: Words[], form?: string): string {
  const { business, siteUrl } = sender;
  const name = escapeHtml(business.name);
  const phoneLink = `<a class="phone" href="${escapeHtml(business.phoneHref)}">${escapeHtml(business.phone)}</a>`;
  const text = (words: Words) => (typeof words === 'string' ? escapeHtml(words) : words(phoneLink));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${name}</title>
<style>body{font-family:Helvetica,Arial,sans-serif;background:#fcf9f4;color:#1f130b;margin:0;padding:32px 16px}main,footer{max-width:560px;margin:0 auto}main{background:#fff;border-radius:12px;padding:28px}h1{font-size:24px;margin:0 0 16px}p{font-size:17px;line-height:1.55}a{color:#6b4423}.phone{white-space:nowrap}button{font-size:17px;font-weight:bold;background:#c08a4f;color:#1f130b;border:0;border-radius:8px;padding:12px 22px;min-height:44px;cursor:pointer}footer{padding:20px 28px 0}footer p{font-size:14px;margin:0 0 6px}.from{font-weight:bold;margin:0 0 12px}</style>
</head><body><main><p class="from">${name}</p><h1>${escapeHtml(title)}</h1>${paragraphs.map((words) => `<p>${text(words)}</p>`).join('')}${form ?? ''}<p><a href="${escapeHtml(siteUrl)}">Go to the ${name} website</a></p></main>
<footer><p>${name} · ${escapeHtml(business.postalAddress)} · ${phoneLink}</p><p>${escapeHtml(business.registrationLine)}</p></footer></body></html>`;
}

const invalidPage = (sender: UnsubscribePageSender) =>
  page(sender, 'This unsubscribe link does not work', [
    (phone) =>
      `The link may have been cut short when it was copied. Open it again from the e-mail, or reply to the e-mail or call us at ${phone} and ask us to stop: we will take you off our list by hand.`,
  ]);

function sendPage(response: http.ServerResponse, status: number, html: string): void {
  if (response.headersSent) return;
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-robots-tag': 'noindex',
  });
  response.end(html);
}

const tooLargePage = (sender: UnsubscribePageSender) =>
  page(sender, 'This unsubscribe request is too large', [
    'An unsubscribe needs no more than the link itself; nothing was changed. Open the link from the e-mail again and press the button.',
  ]);

/** A body over MAX_UNSUBSCRIBE_BODY_BYTES: answered 413, nothing recorded. */
class BodyTooLarge extends Error {}

/** Reads and drops the body (its content changes nothing); stops reading, without buffering, once it is too large. */
function drain(request: http.IncomingMessage): Promise<void> {
  if (Number(request.headers['content-length']) > MAX_UNSUBSCRIBE_BODY_BYTES) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_UNSUBSCRIBE_BODY_BYTES) {
        request.off('data', onData);
        request.pause();
        reject(new BodyTooLarge());
      }
    };
    request.on('data', onData);
    request.on('end', resolve);
    request.on('error', reject);
  });
}

export async function handleUnsubscribe(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  { store, sender }: UnsubscribeEndpoint,
  log: (line: string) => void,
): Promise<void> {
  const token = new URL(request.url ?? '/', 'http://processor.local').searchParams.get('token');
  try {
    const digest = verifiedMailboxDigest(await store.signingKey(), token);
    // HEAD is a GET without the page (link checkers): it records nothing either. Only a POST records.
    if (request.method === 'GET' || request.method === 'HEAD') {
      if (!digest) return sendPage(response, 400, invalidPage(sender));
      // The form posts to this same address, token included: the button is the one click.
      return sendPage(
        response,
        200,
        page(
          sender,
          'Unsubscribe from our e-mails',
          ['Press the button and we send this address no more offers, deal alerts or news by e-mail.'],
          `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
        ),
      );
    }
    if (request.method !== 'POST') {
      response.setHeader('allow', 'GET, HEAD, POST');
      return sendPage(response, 405, invalidPage(sender));
    }
    try {
      await drain(request);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      // The rest of the body is not read: the connection closes once the answer is out.
      response.setHeader('connection', 'close');
      return sendPage(response, 413, tooLargePage(sender));
    }
    if (!digest) return sendPage(response, 400, invalidPage(sender));
    await store.record(digest);
    sendPage(
      response,
      200,
      page(sender, 'You are unsubscribed', [
        'We will send this address no more offers, deal alerts or news by e-mail.',
        // The guide and the program welcomes are marketing: the queue suppresses them for this mailbox for good, even
        // when the address asks for the guide again (back_office.is_marketing_email; decision 024).
        'If you ask us for an estimate or a visualizer result later, we will still answer that request by e-mail. The free guide and our partner program welcomes stay stopped for this address, even if it asks for them again.',
      ]),
    );
  } catch (error) {
    log(`unsubscribe failed: ${describeError(error)}`);
    sendPage(
      response,
      503,
      page(sender, 'Please try again in a minute', ['We could not record this just now; nothing was changed. Try the link again shortly.']),
    );
  }
}
