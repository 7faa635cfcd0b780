import { describe, expect, it } from 'vitest';
import { exposedSchemasOutcome, servedSchemasOf } from '../../scripts/check-deployment/exposed-schemas';

/**
 * check:deployment's line "the API serves no schema but public and graphql_public" (session 31), from PostgREST's
 * refusal of a schema it does not serve; check-deployment.test.ts asks a real PostgREST told to serve one more.
 */
describe("check:deployment's exposed schemas line", () => {
  it("reads the schemas from PostgREST 12's message and from a later version's hint", () => {
    expect(servedSchemasOf(406, '{"code":"PGRST106","details":null,"hint":null,"message":"The schema must be one of the following: public, graphql_public"}')).toEqual(['public', 'graphql_public']);
    expect(servedSchemasOf(406, '{"code":"PGRST106","details":null,"hint":"Only the following schemas are exposed: public, staff","message":"Invalid schema: x"}')).toEqual(['public', 'staff']);
  });

  it('passes public and graphql_public', () => {
    expect(exposedSchemasOutcome({ status: 406, body: '{"code":"PGRST106","message":"The schema must be one of the following: public, graphql_public"}' })).toEqual({
      ok: true,
      detail: 'it serves public, graphql_public, the schemas the lines on row-level security, views, policies and functions read',
    });
  });

  it('names each other schema', () => {
    const outcome = exposedSchemasOutcome({ status: 406, body: '{"code":"PGRST106","message":"The schema must be one of the following: public, graphql_public, staff, api"}' });
    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toMatch(/^it also serves staff, api \(public, graphql_public, staff, api in all\): .* no line reads those schemas; take them out of/);
  });

  it('fails an answer that is not the refusal, which says nothing of the schemas (a front that drops Accept-Profile answers 200)', () => {
    for (const reply of [
      { status: 200, body: '[]' },
      { status: 406, body: '{"code":"PGRST106","message":"Invalid schema: x"}' },
      { status: 502, body: '<html>Bad gateway</html>' },
    ]) {
      expect(exposedSchemasOutcome(reply).ok, reply.body).toBe(false);
      expect(exposedSchemasOutcome(reply).detail).toMatch(/^asked for the schema deployment_check_no_such_schema, the API answered /);
    }
  });
});
