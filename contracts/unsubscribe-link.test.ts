import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unsubscribeLink, unsubscribeToken, verifiedMailboxDigest } from './unsubscribe-link';

const KEY = 'a-signing-key-for-this-test-only';
const digestOf = (mailbox: string) => createHash('sha256').update(mailbox).digest('hex');
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('the unsubscribe token (decision 024)', () => {
  it('names the mailbox it was made for, and nothing else checks out', () => {
    const digest = digestOf('robin@example.com');
    const token = unsubscribeToken(KEY, digest);
    expect(verifiedMailboxDigest(KEY, token)).toBe(digest);

    const [, mac] = token.split('.') as [string, string];
    const someoneElse = digestOf('victim@example.org');
    for (const forged of [`${someoneElse}.${mac}`, unsubscribeToken('another-key', digest), digest, `${digest}.`, '', null, undefined, `${token}x`, ` ${token}`]) {
      expect(verifiedMailboxDigest(KEY, forged), String(forged)).toBeNull();
    }
  });

  it('refuses every other spelling of the signature, including those that decode to the same bytes', () => {
    const token = unsubscribeToken(KEY, digestOf('robin@example.com'));
    const altered: string[] = [];
    // Every one-character change to the signature: the last character's variants decode to the same 32 bytes
    // (Buffer drops its two low bits), the others to different ones. None is the link we sent.
    for (let at = token.indexOf('.') + 1; at < token.length; at++) {
      for (const character of BASE64URL) {
        if (character !== token[at]) altered.push(token.slice(0, at) + character + token.slice(at + 1));
      }
    }
    expect(altered.filter((candidate) => verifiedMailboxDigest(KEY, candidate) !== null)).toEqual([]);
  });

  it('puts the token in the link and never the address', () => {
    const link = new URL(unsubscribeLink('https://processor.example/unsubscribe', KEY, digestOf('robin@example.com')));
    expect(verifiedMailboxDigest(KEY, link.searchParams.get('token'))).toBe(digestOf('robin@example.com'));
    expect(link.toString()).not.toContain('robin');
  });
});
