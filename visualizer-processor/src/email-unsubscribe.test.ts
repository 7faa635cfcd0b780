import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getByRole, getByText, queryByRole } from '@testing-library/dom';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { unsubscribeToken } from '../../contracts/unsubscribe-link.ts';
import { readBusinessFacts } from '../../src/config/business.ts';
import { handleUnsubscribe, type UnsubscribePageSender, type UnsubscribeStore } from './email-unsubscribe.ts';

/**
 * The unsubscribe endpoint's answers to what a mail program, a mail scanner or anyone else sends (decision 024),
 * with a store that records in memory. The real database path is tests/integration/email-unsubscribe.test.ts.
 */
const KEY = 'a-signing-key-for-this-test-only';
const digest = createHash('sha256').update('robin@example.com').digest('hex');
const recorded: string[] = [];
const logged: string[] = [];
const store: UnsubscribeStore = {
  signingKey: async () => KEY,
  record: async (mailboxDigest) => {
    recorded.push(mailboxDigest);
    return new Date();
  },
};

/** The owner's settings as a host gives them; the name has an ampersand, which the page must show as written. */
const sender: UnsubscribePageSender = {
  business: readBusinessFacts({
    VITE_BUSINESS_NAME: 'Haddon Floors & Stairs',
    VITE_BUSINESS_PHONE: '(856) 555-0142',
    VITE_BUSINESS_POSTAL_ADDRESS: '1 Test Avenue, Haddonfield, NJ 08033',
    VITE_BUSINESS_NJ_HIC_REGISTRATION: '13VH01234567',
  }),
  siteUrl: 'https://www.haddonfloors.example',
};

let server: http.Server;
let link: string;
beforeAll(async () => {
  server = http.createServer((request, response) => void handleUnsubscribe(request, response, { store, sender }, (line) => logged.push(line)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  link = `http://127.0.0.1:${(server.address() as AddressInfo).port}/unsubscribe?token=${unsubscribeToken(KEY, digest)}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A POST whose headers say `declaredBytes` and that sends only its first kilobyte before waiting for the answer. */
function postDeclaring(url: string, declaredBytes: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { 'content-length': declaredBytes } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, text });
      });
    });
    request.on('error', reject);
    request.write(Buffer.alloc(1024, 'a'));
  });
}

describe('the unsubscribe endpoint', () => {
  it('shows a button on GET and records nothing (mail scanners fetch links)', async () => {
    const response = await fetch(link);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<button type="submit">Unsubscribe</button>');
    expect(recorded).toEqual([]);
  });

  it('answers HEAD (link checkers) like GET, without the page, and records nothing; other methods get 405', async () => {
    const head = await fetch(link, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const put = await fetch(link, { method: 'PUT', body: 'List-Unsubscribe=One-Click' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(recorded).toEqual([]);
  });

  it('answers a body too large for an unsubscribe with 413 and a page saying nothing changed', async () => {
    const sent = await fetch(link, { method: 'POST', body: 'List-Unsubscribe=One-Click&'.padEnd(2000, 'a') });
    expect(sent.status).toBe(413);
    expect(await sent.text()).toContain('This unsubscribe request is too large');

    const declared = await postDeclaring(link, 5_000_000);
    expect(declared.status).toBe(413);
    expect(declared.text).toContain('nothing was changed');
    expect(recorded).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('records the one-click POST, and again on a second click', async () => {
    for (let click = 0; click < 2; click++) {
      const response = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(response.status).toBe(200);
      const page = await response.text();
      expect(page).toContain('You are unsubscribed');
      // What still comes and what does not, as the queue treats an unsubscribed mailbox (the guide is marketing).
      expect(page).toContain(
        'If you ask us for an estimate or a visualizer result later, we will still answer that request by e-mail. The free guide and our partner program welcomes stay stopped for this address, even if it asks for them again.',
      );
    }
    expect(recorded).toEqual([digest, digest]);
  });

  it('names the business on every page it answers, with its phone, address and registration line, and a way back to the site', async () => {
    const post = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' };
    const broken = link.replace(/token=.{8}/, 'token=');
    // Every answer first, then the reading (parsing is slow on a busy machine; a kept-alive connection idle that long
    // may be closed by the server as it is reused).
    const pages = {
      'the button page': await (await fetch(link)).text(),
      'the done page': await (await fetch(link, post)).text(),
      'the broken link page': await (await fetch(broken)).text(),
      'the broken link page, posted': await (await fetch(broken, post)).text(),
    };
    for (const [which, html] of Object.entries(pages)) {
      const page = new JSDOM(html).window.document.body;
      const shown = `${which}: ${page.textContent}`;
      expect(getByRole(page, 'link', { name: 'Go to the Haddon Floors & Stairs website' }).getAttribute('href'), shown).toBe('https://www.haddonfloors.example');
      expect(getByRole(getByRole(page, 'contentinfo'), 'link', { name: '(856) 555-0142' }).getAttribute('href'), shown).toBe('tel:8565550142');
      expect(getByText(page, 'Haddon Floors & Stairs · 1 Test Avenue, Haddonfield, NJ 08033 ·', { exact: false }), shown).toBeTruthy();
      expect(getByText(page, 'NJ Home Improvement Contractor Reg. No. 13VH01234567'), shown).toBeTruthy();
    }
    // A visitor whose link broke is told they may call instead, at the number shown.
    const brokenPage = new JSDOM(pages['the broken link page']).window.document.body;
    expect(getByRole(getByRole(brokenPage, 'main'), 'link', { name: '(856) 555-0142' })).toBeTruthy();
    expect(queryByRole(brokenPage, 'button')).toBeNull();
  });

  it('records nothing for a one-click POST whose token was not made for this mailbox', async () => {
    const forged = link.replace(/token=[0-9a-f]{64}/, `token=${'0'.repeat(64)}`);
    const response = await fetch(forged, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(response.status).toBe(400);
    expect(recorded.filter((entry) => entry !== digest)).toEqual([]);
  });

  // The database gone as the button is pressed: the visitor must not read 'You are unsubscribed' (they would get
  // the next offer), but that nothing changed and to try again; staff read why in the log.
  it('says nothing changed, with 503, when the unsubscribe cannot be recorded', async () => {
    const record = vi.spyOn(store, 'record').mockRejectedValueOnce(new Error('connection terminated unexpectedly'));
    try {
      const response = await fetch(link, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
      expect(response.status).toBe(503);
      const page = await response.text();
      expect(page).toContain('Please try again in a minute');
      expect(page).toContain('nothing was changed');
      expect(page).not.toContain('You are unsubscribed');
    } finally {
      record.mockRestore();
    }
    expect(logged.splice(0)).toEqual([expect.stringContaining('connection terminated unexpectedly')]);
  });
});
