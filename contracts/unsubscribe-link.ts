import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link in marketing e-mails (decision 024): the e-mail worker makes it, the visualizer processor
 * (the public Node service) checks it and records the unsubscribe. The token is the mailbox's digest (SHA-256 of
 * `private.mailbox_key(address)`, hex; never the address, so the link in a log names nobody) and an HMAC-SHA256 of
 * it with a key only the services read (back_office.unsubscribe_signing_key). Nobody can make a token for another
 * address, so nobody can unsubscribe others by the thousand; a token never expires, as CAN-SPAM wants the way out to
 * keep working.
 */
const TOKEN = /^([0-9a-f]{64})\.([A-Za-z0-9_-]{43})$/;

/** The path the processor answers on; the e-mail worker's UNSUBSCRIBE_URL points at it. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

function signature(signingKey: string, mailboxDigest: string): Buffer {
  return createHmac('sha256', signingKey).update(`unsubscribe:${mailboxDigest}`).digest();
}

export function unsubscribeToken(signingKey: string, mailboxDigest: string): string {
  if (!/^[0-9a-f]{64}$/.test(mailboxDigest)) throw new Error('A mailbox digest is 64 hex digits');
  return `${mailboxDigest}.${signature(signingKey, mailboxDigest).toString('base64url')}`;
}

/** `https://…/unsubscribe?token=…`: the link in the e-mail and in its List-Unsubscribe header. */
export function unsubscribeLink(unsubscribeUrl: string, signingKey: string, mailboxDigest: string): string {
  const url = new URL(unsubscribeUrl);
  url.searchParams.set('token', unsubscribeToken(signingKey, mailboxDigest));
  return url.toString();
}

/** The mailbox digest a genuine token names, or null for anything else (forged, altered, cut short). */
export function verifiedMailboxDigest(signingKey: string, token: string | null | undefined): string | null {
  const match = TOKEN.exec(token ?? '');
  if (!match) return null;
  const [, digest, mac] = match as unknown as [string, string, string];
  const given = Buffer.from(mac, 'base64url');
  const expected = signature(signingKey, digest);
  // 43 base64url characters carry 258 bits for the MAC's 256: the decoder drops the last character's two low bits,
  // so four spellings of that character give the same bytes. Only the one spelling we make is genuine (an altered
  // link is refused, as the rule says, and a token has one form to compare in logs).
  if (given.toString('base64url') !== mac) return null;
  return given.length === expected.length && timingSafeEqual(given, expected) ? digest : null;
}
