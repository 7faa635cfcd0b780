import { describe, expect, it } from 'vitest';
import { errorBodiesOutcome, revealedIn } from '../../scripts/check-deployment/error-bodies';

/**
 * check:deployment's line "processor and API errors reveal nothing of their machine" (session 32), from the answers
 * to its malformed requests; check-deployment.test.ts asks it of the real stack behind a front that gets it wrong.
 */
const keys = { anonKey: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl', serviceKey: 'sb_secret_0123456789abcdef' };
const reply = (status: number, body: string) => ({ status, headers: {}, body });

describe("check:deployment's error bodies line", () => {
  it("finds nothing in the processor's, the gateway's and PostgREST's own refusals", () => {
    for (const body of [
      '{"error":"The request body must be JSON."}',
      '{"error":"Not found."}',
      '{"message":"No route for /%E0%A4%A"}',
      '{"message":"no Route matched with those values"}',
      '{"code":"22P02","details":null,"hint":null,"message":"invalid input syntax for type uuid: \\"x\\""}',
      '{"code":"PGRST202","details":"Searched for the function public.graphql with parameter query","hint":null,"message":"Could not find the function public.graphql(query) in the schema cache"}',
      '<html><head><title>400 Bad Request</title></head><body><center><h1>400 Bad Request</h1></center><hr><center>cloudflare</center></body></html>',
    ]) {
      expect(revealedIn(body, keys), body).toEqual([]);
    }
  });

  it("names Express's development error page: its stack trace and the app's folder", () => {
    const page =
      '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><pre>SyntaxError: Unexpected end of JSON input<br> &nbsp; &nbsp;at JSON.parse (&lt;anonymous&gt;)<br> &nbsp; &nbsp;at parse (/srv/flooring/node_modules/body-parser/lib/types/json.js:92:19)</pre></body></html>';
    expect(revealedIn(page, keys)).toEqual(['a stack trace', "a file of the app's folder"]);
  });

  it('names a database address with its password, a statement, a setting with its value and the secret key', () => {
    expect(revealedIn('error: connect ECONNREFUSED postgresql://postgres:hunter2@db.internal:5432/postgres', keys)).toEqual(['a database or mail server address with its password']);
    expect(revealedIn('{"error":"syntax error in: insert into public.leads (email) values ($1)"}', keys)).toEqual(['a statement of SQL']);
    expect(revealedIn('{"env":{"SMTP_PASSWORD":"correct-horse","NODE_ENV":"development"}}', keys)).toEqual(['the setting SMTP_PASSWORD with a value']);
    expect(revealedIn(`{"key":"${keys.serviceKey}"}`, keys)).toEqual(['the secret key SUPABASE_SERVICE_ROLE_KEY', 'an sb_secret_… key']);
  });

  it('passes answers that tell nothing, fails one that does, and does not pass when nothing answered', () => {
    expect(errorBodiesOutcome([{ asked: 'a photo post whose body is not JSON', url: 'https://p.example/', reply: reply(400, '{"error":"The request body must be JSON."}') }], keys)).toEqual({
      ok: true,
      detail: 'a photo post whose body is not JSON (400) told no stack trace, file, address, statement, setting or key',
    });
    expect(errorBodiesOutcome([{ asked: 'a path not percent-encoded right', url: 'https://p.example/%E0%A4%A', reply: reply(500, 'URIError: URI malformed\n    at decodeURIComponent (<anonymous>)\n    at /app/server.js:12:5') }], keys)).toEqual({
      ok: false,
      detail:
        "a path not percent-encoded right at https://p.example/%E0%A4%A is answered 500 with a stack trace, a file of the app's folder: what an attacker reads to find the app's folders, its database and its keys; run the services with NODE_ENV=production and answer errors with a line that names no file, setting or statement (the processor's own refusals do), and rotate any key or password shown",
    });
    expect(errorBodiesOutcome([{ asked: 'a path not percent-encoded right', url: 'https://p.example/%E0%A4%A', reply: new Error('socket hang up') }], keys).ok).toBe(false);
  });
});
