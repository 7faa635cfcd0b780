import { getSiteEnv } from './env';
import { getSupabaseClient } from './supabase-client';
import { answerDeadline } from './answer-deadline';

export type LeadTable = 'contacts' | 'leads' | 'realtors' | 'investors' | 'floor_visualizer_requests';

/**
 * The header that carries a row's client-made id. The tables' read-back policies let a visitor see the id
 * (and, for a visualizer request, its progress) of the one row whose id they send, and nothing else.
 */
export const SUBMISSION_ID_HEADER = 'x-submission-id';

/** What PostgREST (and supabase-js, passing it through) says when a write is refused. */
type PostgrestErrorBody = { code?: string; message?: string; details?: string | null; hint?: string | null };

export class InsertError extends Error {
  readonly table: LeadTable;
  readonly code: string | undefined;
  readonly status: number | undefined;

  constructor(table: LeadTable, message: string, options: { code?: string; status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'InsertError';
    this.table = table;
    this.code = options.code;
    this.status = options.status;
  }
}

/**
 * Spec sections 4 and 7: insert through the Supabase client first; if that throws or answers an error, POST
 * the same record to /rest/v1/<table> directly. Only when both fail does the caller get an error, carrying
 * the server's message when there is one and `Failed to insert into <table>` when there is not.
 *
 * Exactly once: the record carries a client-made id, so a fallback or retry after a commit whose reply was
 * lost meets the primary key instead of creating a second row, and that duplicate answer counts as success.
 * That holds across submissions too: when both attempts failed, the same values sent again (the visitor pressing
 * the button once more, the form having kept them) reuse the id, since the failed attempts may have been stored
 * without an answer (a reply lost, a deadline passed); a success forgets it, so a later identical submission is new.
 */
export async function insertWithFallback<T extends object>(
  table: LeadTable,
  record: T,
  options: { id?: string } = {},
): Promise<{ id: string }> {
  const submission = `${table} ${JSON.stringify(record)}`;
  const id = options.id ?? unconfirmedSubmissions.get(submission) ?? crypto.randomUUID();
  try {
    const stored = await insertOnce(table, { ...record, id });
    unconfirmedSubmissions.delete(submission);
    return stored;
  } catch (error) {
    unconfirmedSubmissions.set(submission, id);
    throw error;
  }
}

/** The id of each submission whose last try failed, by table and values (this page's memory only). */
const unconfirmedSubmissions = new Map<string, string>();

async function insertOnce(table: LeadTable, row: { id: string }): Promise<{ id: string }> {
  const { id } = row;

  const deadline = answerDeadline();
  let clientFailure: unknown;
  try {
    const { error } = await (
      await getSupabaseClient()
    )
      .from(table)
      .insert([row])
      .select('id')
      .setHeader(SUBMISSION_ID_HEADER, id)
      .abortSignal(deadline.signal);
    if (!error || isSameRowAlreadyStored(table, error)) return { id };
    clientFailure = error;
  } catch (thrown) {
    clientFailure = thrown;
  } finally {
    deadline.clear();
  }
  return insertDirectly(table, row, clientFailure);
}

async function insertDirectly(table: LeadTable, row: { id: string }, clientFailure: unknown): Promise<{ id: string }> {
  const { VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY } = getSiteEnv();
  const deadline = answerDeadline();
  try {
    let response: Response;
    try {
      response = await fetch(`${VITE_SUPABASE_URL}/rest/v1/${table}?select=id`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          apikey: VITE_SUPABASE_ANON_KEY,
          Authorization: `Bearer ${VITE_SUPABASE_ANON_KEY}`,
          Prefer: 'return=representation',
          [SUBMISSION_ID_HEADER]: row.id,
        },
        body: JSON.stringify(row),
        signal: deadline.signal,
      });
    } catch (networkFailure) {
      // No answer at all (offline, the API unreachable, or the deadline): the message says so, as a fetch failure's
      // own does, so the visualizer's Error toast gives the spec's network text (section 8).
      throw new InsertError(table, `Failed to insert into ${table}: the network request failed`, {
        cause: [clientFailure, networkFailure],
      });
    }

    const body = await readJson(response);
    if (response.ok) return { id: row.id };
    if (body && isSameRowAlreadyStored(table, body)) return { id: row.id };

    throw new InsertError(table, describeRefusal(table, body), {
      code: body?.code,
      status: response.status,
      cause: clientFailure,
    });
  } finally {
    deadline.clear();
  }
}

async function readJson(response: Response): Promise<PostgrestErrorBody | undefined> {
  try {
    return (await response.json()) as PostgrestErrorBody;
  } catch {
    return undefined;
  }
}

/**
 * A primary-key conflict on a row whose random v4 id this client just made means an earlier attempt of
 * this very submission was stored. (Postgres hides the key's value from anon under RLS, so the message's
 * constraint name is what there is to go on; another visitor's row having the same id is not a real case.)
 */
function isSameRowAlreadyStored(table: LeadTable, error: PostgrestErrorBody): boolean {
  return error.code === '23505' && (error.message ?? '').includes(`"${table}_pkey"`);
}

/**
 * The server's message, made readable where Postgres speaks in constraint names: a CHECK violation names
 * the field it is about, so the page (and the log) can say which field to fix.
 */
function describeRefusal(table: LeadTable, body: PostgrestErrorBody | undefined): string {
  if (!body?.message) return `Failed to insert into ${table}`;
  // Postgres text cannot hold a NUL byte, and its own words for that ("unsupported Unicode escape sequence")
  // tell nobody what to do.
  if (body.code === '22P05')
    return 'The text contains a character that cannot be stored (a NUL byte). Remove it and try again.';
  if (body.code === '23514' || body.code === '23502') {
    const field =
      body.message.match(
        /"(?:[a-z_]+?_)?(name|customer_name|email|phone|message|brokerage|instagram|company|investment_focus|lead_source|guide_sent)_(?:check|not_null)"/,
      )?.[1] ?? body.message.match(/column "([a-z_]+)"/)?.[1];
    if (field) return `The ${field.replace(/_/g, ' ')} is missing, too long or not in the expected format.`;
  }
  return body.message;
}
