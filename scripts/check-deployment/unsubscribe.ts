import { excerpt, request, type Reply, type RequestOptions } from './http.ts';
import { businessEnvSchema } from '../../src/config/settings.ts';
import { VISUALIZER_PAGE_PATH, visualizerResultLink } from '../../contracts/visualizer-result-link.ts';
import { PAGE_HEADINGS } from './pages.ts';
import { factsLacking, factsTheEmailLacks } from './business-facts.ts';
import { entryOf, headingOf, isNetworkOnlyHost, isThisMachine, placeholderFactsOf, secretsIn } from './site.ts';
import type { Outcome } from './test-rows.ts';

type Rest = (pathAndQuery: string, key: string, init?: RequestOptions) => Promise<Reply>;

type UnsubscribeState = {
  list_unsubscribe: string | null;
  list_unsubscribe_post: string | null;
  message_html: string | null;
  staff_inbox: string | null;
  /** The sender the worker puts on every e-mail (its MAIL_FROM); absent from a database before 20261130190003. */
  mail_from?: string | null;
  /** Whether the worker tried its SMTP login, and why it failed (null: it worked); absent before 20261130190004. */
  smtp_checked?: boolean;
  smtp_error?: string | null;
  /** How the worker reaches its SMTP server (host, login, TLS); absent before 20261203000140. */
  smtp_host?: string | null;
  smtp_login?: boolean | null;
  smtp_tls?: 'implicit' | 'required' | 'if offered' | null;
  made: boolean;
  job_waiting: boolean;
  job_error: string | null;
  unsubscribed_at: string | null;
  now: string;
};

/** How long the e-mail worker may take to make the link: a job it runs at once, unless it is busy sending. */
const LINK_WAIT_MS = 30_000;
/** What a mail program's one-click unsubscribe and the page's button both send (RFC 8058). */
const ONE_CLICK = 'List-Unsubscribe=One-Click';

/** The same link with its signature altered by one character: what someone guessing another mailbox's link sends. */
export function forgedLink(link: string): string {
  const url = new URL(link);
  const token = url.searchParams.get('token') ?? '';
  const dot = token.indexOf('.');
  const first = token.charAt(dot + 1);
  url.searchParams.set('token', `${token.slice(0, dot + 1)}${first === 'A' ? 'B' : 'A'}${token.slice(dot + 2)}`);
  return url.toString();
}

/**
 * What is wrong with the unsubscribe page as a visitor sees it, away from the site: it must name the business with
 * the owner's facts (a processor run without the owner's VITE_BUSINESS_* settings shows the placeholders) and its link
 * back to the site (SITE_URL, else the first of ALLOWED_ORIGINS) must open the site's home page, followed as a click
 * is, as the e-mails' links are (linkProblem): the host name alone passed a wrong path, plain http, another port.
 */
export async function unsubscribePageProblems(html: string, site: URL, siteEntry: string | undefined, homePage?: string): Promise<string[]> {
  const problems: string[] = [];
  const placeholders = placeholderFactsOf([html]);
  if (placeholders.length > 0) {
    problems.push(`its page shows the placeholder ${placeholders.join(', ')}: the processor runs without the owner's VITE_BUSINESS_* settings (README, "Settings"); set them on its host as on the site's build`);
  } else if (homePage) {
    // The owner's own facts, but not the site's: the processor's host kept older VITE_BUSINESS_* settings (a new phone).
    const lacking = factsLacking(homePage, html, ['phone', 'registration number']);
    if (lacking.length > 0) {
      problems.push(`its page does not give ${lacking.join(', ')}, as the site's pages do: the processor runs with other VITE_BUSINESS_* settings than the site was built with; give its host the site's`);
    }
  }
  // The page's one web link is its way back (the phone's is tel:); escapeHtml wrote & as &amp;.
  const back = [...html.matchAll(/href="(https?:\/\/[^"]+)"/gi)].map(([, href]) => href!.replace(/&amp;/g, '&')).find((href) => URL.canParse(href));
  if (!back) problems.push(`its page has no link back to ${site.origin}: set the processor's SITE_URL to ${site.origin}`);
  else {
    const problem = await linkProblem(back, '/', site, siteEntry);
    if (problem) problems.push(`its page's link back to the site is ${back} (SITE_URL), and ${problem}: set the processor's SITE_URL to ${site.origin}`);
  }
  return problems;
}

/**
 * The unsubscribe link of the marketing e-mails, followed as a visitor follows it: the e-mail worker makes it (its
 * UNSUBSCRIBE_URL, the database's signing key, its own send path; email-worker/src/deployment-check-link-task.ts) for
 * the check's address; a GET shows the page and changes nothing (mail scanners fetch links), and the page names the
 * business and its link back opens the site; a forged token is refused; the one-click POST (the page's button, a mail
 * program's Unsubscribe) records the mailbox as unsubscribed in this deployment's database. The address's unsubscribe
 * is removed with the test rows.
 */
export async function followUnsubscribeLink(rest: Rest, serviceKey: string, site: URL, siteEntry: string | undefined, homePage?: string): Promise<Outcome> {
  const started = await rest('rpc/deployment_check_unsubscribe_start', serviceKey, { method: 'POST', body: '{}' });
  if (started.status !== 200) return { ok: false, detail: `status ${started.status}: ${excerpt(started)} (are the migrations applied?)` };
  const readState = async (): Promise<UnsubscribeState> => {
    const reply = await rest('rpc/deployment_check_unsubscribe_state', serviceKey);
    if (reply.status !== 200) throw new Error(`reading the step's state answered ${reply.status}: ${excerpt(reply)}`);
    return JSON.parse(reply.body) as UnsubscribeState;
  };
  const since = (JSON.parse(started.body) as { started_at: string }).started_at;

  let state = await readState();
  for (const deadline = Date.now() + LINK_WAIT_MS; !state.made && !state.job_error && Date.now() < deadline; state = await readState()) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (state.job_error) return { ok: false, detail: `the e-mail worker could not make the link: ${state.job_error.slice(0, 160)}` };
  if (!state.made) {
    return {
      ok: false,
      detail: `no e-mail worker made the link within ${LINK_WAIT_MS / 1000} s: none is running, or it is from before this check (rebuild and redeploy it: npm run build:services)`,
    };
  }
  const link = state.list_unsubscribe?.match(/^<([^>]+)>$/)?.[1];
  if (!link || state.list_unsubscribe_post !== ONE_CLICK) {
    return {
      ok: false,
      detail: `the marketing e-mail the worker makes carries ${link ? `List-Unsubscribe-Post: ${state.list_unsubscribe_post ?? 'none'}` : `List-Unsubscribe: ${state.list_unsubscribe ?? 'none'}`}, not a one-click unsubscribe (RFC 8058): mailbox providers show no Unsubscribe button`,
    };
  }
  const url = new URL(link);
  const where = `${url.origin}${url.pathname}`;
  if (url.protocol !== 'https:' && !isThisMachine(url)) {
    return { ok: false, detail: `the e-mails' link is ${where}, plain http: mail programs send one-click unsubscribes to https only; set the e-mail worker's UNSUBSCRIBE_URL to https://<processor>/unsubscribe` };
  }
  const wrongPlace = `is the e-mail worker's UNSUBSCRIBE_URL (${where}) this deployment's processor /unsubscribe?`;

  // A visitor's click: the page with the button. A GET must change nothing, or every link scanner unsubscribes.
  const page = await request(link);
  if (page.status !== 200 || !/<form\b[^>]*method\s*=\s*["']?post/i.test(page.body)) {
    return {
      ok: false,
      detail: `the e-mails' link ${where} answers a click with ${page.status}${page.status === 200 ? ' but no button to unsubscribe' : ` (${headingOf(page.body) ?? (excerpt(page, 80) || 'no body')})`}: ${page.status === 400 ? 'the processor there does not take this deployment\'s signature (another deployment\'s processor?); ' : ''}${wrongPlace}`,
    };
  }
  if ((await readState()).unsubscribed_at) return { ok: false, detail: `opening the e-mails' link ${where} unsubscribed the address at once: link scanners and previews would unsubscribe visitors` };
  // Said after the steps below, which still run: the address's unsubscribe and its removal stay as in a passing run.
  const pageProblems = await unsubscribePageProblems(page.body, site, siteEntry, homePage);

  // Someone guessing another mailbox's link: refused, nothing recorded.
  const forged = await request(forgedLink(link), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: ONE_CLICK });
  if ((await readState()).unsubscribed_at || forged.status < 400) {
    return { ok: false, detail: `${where} took a link with a forged signature (${forged.status}): anyone could unsubscribe any address` };
  }

  // The button on the page, or the mail program's one-click Unsubscribe: the same POST.
  const clicked = await request(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: ONE_CLICK });
  state = await readState();
  if (clicked.status !== 200) return { ok: false, detail: `the one-click POST to ${where} answered ${clicked.status} (${headingOf(clicked.body) ?? (excerpt(clicked, 80) || 'no body')}): ${wrongPlace}` };
  if (!state.unsubscribed_at || Date.parse(state.unsubscribed_at) < Date.parse(since)) {
    return {
      ok: false,
      detail: `${where} answered the one-click POST with 200, but this deployment's database has no unsubscribe for the address: the processor there records into another database (its DATABASE_URL?), or it is not the processor`,
    };
  }
  if (pageProblems.length > 0) return { ok: false, detail: `the link ${where} works, but ${pageProblems.join('; ')}` };
  return {
    ok: true,
    detail: `the e-mail worker's link (${where}) opens its page without unsubscribing, a forged one is refused (${forged.status}), and one click unsubscribed the check's address (removed with the test rows); the page names the business and its link back opens the site's home page`,
  };
}

/** An inbox nobody reads: the settings' placeholder, or a domain reserved for examples (RFC 2606). */
export function placeholderInbox(address: string): boolean {
  return address.toLowerCase() === businessEnvSchema().parse({}).VITE_BUSINESS_EMAIL.toLowerCase() || /@(?:[\w-]+\.)*(?:example\.(?:com|org|net)|example|invalid)$/i.test(address);
}

/** A result id nobody has: the link is followed for its page, and the fragment never reaches a server. */
const DEPLOYMENT_CHECK_RESULT_ID = '00000000-0000-4000-8000-000000000000';
/** Redirects a visitor's browser follows from an e-mail's link before it would give up (browsers allow 20; a site needs 2). */
const LINK_REDIRECTS = 5;

/**
 * Why a link in an e-mail does not open the site's page `page`, or undefined when it does: followed as a browser
 * follows it (redirects included: http:// to https://, the bare domain to www), it must end on the site's host name,
 * over https when the site is, with the page's own heading and the build the site serves (the entry its pages start).
 * A SITE_URL with a wrong path gets a 404 there; a dev machine's or staging's address, another host; one nothing
 * answers on (a port, a plain-http address the host does not serve), an error.
 */
export async function linkProblem(link: string, page: keyof typeof PAGE_HEADINGS, site: URL, siteEntry: string | undefined): Promise<string | undefined> {
  const first = link.replace(/#.*$/, '');
  let url = new URL(first);
  for (let redirects = 0; ; redirects++) {
    const reply = await request(url.href).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    if (reply instanceof Error) return `${url.href} does not open (${reply.message})`;
    const location = reply.headers.location;
    if ([301, 302, 303, 307, 308].includes(reply.status) && location) {
      if (redirects === LINK_REDIRECTS) return `${first} still redirects after ${LINK_REDIRECTS} hops (a loop?)`;
      url = new URL(location, url);
      continue;
    }
    // Compared as URL writes it: an address without its path's / was not redirected.
    const where = url.href === new URL(first).href ? first : `${url.href} (redirected from ${first})`;
    if (url.hostname !== site.hostname) return `${where} is not on ${site.hostname}`;
    if (site.protocol === 'https:' && url.protocol !== 'https:') return `${where} opens over plain http, not https`;
    const heading = headingOf(reply.body);
    if (reply.status !== 200 || heading !== PAGE_HEADINGS[page]) return `${where} answers ${reply.status}${heading ? ` "${heading.slice(0, 60)}"` : ''}, not the page ${page}`;
    const entry = entryOf(reply.body, url);
    if (siteEntry && entry !== siteEntry) return `${where} is another build than the site's (it starts ${entry ?? 'no entry'}, the site ${siteEntry})`;
    return undefined;
  }
}

const HTML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
/** Letters and digits only, in lower case: "Haddon Floorworks, LLC" and "haddon floorworks llc" are one name. */
const nameKey = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Why the sender's name on every e-mail (MAIL_FROM's display name) does not say who sends them, or undefined. A
 * mailbox shows that name first, and CAN-SPAM forbids header information that misleads about who sends (15 U.S.C.
 * 7704(a)(1)): a bare address names nobody, a staging copy's or another company's name names someone else. The
 * business's name is read from the e-mail's own footer, which email-layout.ts starts with it ("<name> · <postal
 * address> · <phone> · <e-mail>"); a short form of it ("Haddon Floorworks" for "Haddon Floorworks, LLC") or a longer
 * one ("Haddon Floorworks Office") passes.
 */
export function senderNameProblem(mailFrom: string, emailHtml: string): string | undefined {
  const footerName = emailHtml.match(/>([^<>]+?) · [^<>]+ · [^<>]+ · [^<>]+</)?.[1]?.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => HTML_ENTITIES[entity]!);
  if (!footerName || !nameKey(footerName)) return undefined;
  const display = mailFrom.match(/^\s*"?([^"<]*?)"?\s*<[^<>]+>\s*$/)?.[1]?.trim() ?? '';
  const suggestion = `set it to "${footerName} <an address on the business's domain>" (README, "E-mail")`;
  if (!nameKey(display)) return `its MAIL_FROM is ${mailFrom}, which names no sender: a visitor's mailbox shows the bare address where the business's name should be; ${suggestion}`;
  if (nameKey(display).includes(nameKey(footerName)) || nameKey(footerName).includes(nameKey(display))) return undefined;
  return `its MAIL_FROM names "${display}" as the sender, while its e-mails are from ${footerName}: a From line that misleads about who sends is what CAN-SPAM forbids first (15 U.S.C. 7704(a)(1)); ${suggestion}`;
}

/**
 * How the e-mail worker reaches its SMTP server, as the line says it (`said`), and what is wrong with it. Red-team,
 * session 28: the line said "through an SMTP server that takes the worker's login" for a worker with no login at all
 * (SMTP_USER unset), so one that hands every lead's e-mail to a server on the internet without a login (an open
 * relay) and with STARTTLS only if the server offers it (the worker requires TLS only with a login) passed, while
 * anyone on the way could strip STARTTLS and read each visitor's name, phone and message. A server only this machine
 * or its network reaches (a local catcher, a relay beside the worker) may take mail without either.
 */
export function smtpConnectionOf(state: Pick<UnsubscribeState, 'smtp_host' | 'smtp_login' | 'smtp_tls'>): { said: string; problem?: string } {
  const { smtp_host: host, smtp_login: login, smtp_tls: tls } = state;
  if (!host || typeof login !== 'boolean' || !tls) {
    return {
      said: 'an SMTP server it did not describe',
      problem: 'the e-mail worker did not say how it reaches its SMTP server (its host, login and TLS): it is from before this check (rebuild and redeploy it: npm run build:services)',
    };
  }
  const tlsSaid = tls === 'implicit' ? 'over TLS from the first byte' : tls === 'required' ? 'over STARTTLS, required' : 'with STARTTLS only if the server offers it';
  const said = `${host}, ${login ? "which takes the worker's login" : 'without a login'}, ${tlsSaid}`;
  if (isNetworkOnlyHost(host)) return { said: `${said} (an address only its own machine or network reaches)` };
  const wrong = [
    ...(login ? [] : ['without a login (SMTP_USER is not set): a server on the internet that takes anyone\'s mail is an open relay, which providers block and spam filters distrust, and nothing ties its mail to the business']),
    ...(tls === 'if offered' ? ['with TLS only if the server offers it: anyone on the way can strip STARTTLS and read every lead\'s name, phone and message'] : []),
  ];
  return wrong.length === 0
    ? { said }
    : { said, problem: `it hands every e-mail to ${host} ${wrong.join(', and ')}; give it its provider's login (SMTP_USER and SMTP_PASSWORD, which make STARTTLS required in production) or SMTP_SECURE=true on port 465` };
}

/**
 * The e-mail the worker made for the unsubscribe line (still stored until the test rows go): its footer must show the
 * business's own facts, and the worker's STAFF_INBOX must be an inbox someone reads. A worker run without the owner's
 * VITE_BUSINESS_* settings signs every e-mail with the 555 phone and the placeholder NJ registration number while the
 * site, built with them, passes; a STAFF_INBOX left at the placeholder announces every lead to nobody; a SITE_URL
 * copied from a developer's machine (http://127.0.0.1:5173) or staging sends every visitor's result link there, and one
 * with a wrong path, plain http the host does not serve, or a port nobody answers on opens nothing: so the e-mail's
 * links are followed, not just read (`siteEntry`: the entry the site's pages start, its build).
 */
export async function checkEmailFacts(
  rest: Rest,
  serviceKey: string,
  site: URL,
  siteEntry: string | undefined,
  homePage?: string,
  /** The e-mail's claims the owner has not confirmed, and what to do about them (main.ts: the owner's list). */
  claims?: { problemsOf: (html: string) => string[]; remedy: string },
  /** The project's public key: a run of it is not a piece of the secret one. */
  publicKey?: string,
): Promise<Outcome> {
  const reply = await rest('rpc/deployment_check_unsubscribe_state', serviceKey);
  if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)} (are the migrations applied?)` };
  const state = JSON.parse(reply.body) as UnsubscribeState;
  if (!state.message_html || !state.staff_inbox) return { ok: false, detail: "no e-mail of the worker's to read (see the line above)" };
  const problems: string[] = [];
  const placeholders = placeholderFactsOf([state.message_html]);
  if (placeholders.length > 0) {
    problems.push(`its e-mails show the placeholder ${placeholders.join(', ')}: the e-mail worker runs without the owner's VITE_BUSINESS_* settings (README, "Settings"); set them on its host as on the site's build`);
  } else if (homePage) {
    // The owner's own facts, but not the site's: the worker's host kept older VITE_BUSINESS_* settings (a new phone).
    const lacking = factsTheEmailLacks(homePage, state.message_html);
    if (lacking.length > 0) {
      problems.push(`its e-mails do not give ${lacking.join(', ')}, as the site's pages do: the e-mail worker runs with other VITE_BUSINESS_* settings than the site was built with; give its host the site's`);
    }
  }
  // The welcome's button back to the site (/realtors), made from the worker's SITE_URL as every e-mail's links are (the
  // visualizer result's "See your result" too): each is followed as a visitor's click is, redirects included.
  const siteLink = state.message_html.match(/href="([^"]+)\/realtors"/)?.[1];
  if (!siteLink || !URL.canParse(`${siteLink}/realtors`)) {
    problems.push('no link back to the site found in its e-mail (the welcome\'s /realtors button): is the e-mail worker from another version than this check?');
  } else {
    for (const [page, link] of [
      ['/realtors', `${siteLink}/realtors`],
      [VISUALIZER_PAGE_PATH, visualizerResultLink(siteLink, DEPLOYMENT_CHECK_RESULT_ID)],
    ] as const) {
      const problem = await linkProblem(link, page, site, siteEntry);
      if (problem) {
        problems.push(`its e-mails link to ${siteLink} (SITE_URL), and ${problem}: visitors' "See your result" and the e-mails' buttons lead nowhere they should; set the e-mail worker's SITE_URL to ${site.origin}`);
        break;
      }
    }
  }
  // What the e-mail says is as public as a page (session 35): the worker's own settings may carry a promise or a key
  // the site's build does not (a business name with "lifetime warranty", a SITE_URL or social link with a token).
  const claimProblems = claims?.problemsOf(state.message_html) ?? [];
  if (claimProblems.length > 0) {
    problems.push(`its e-mail shows ${claimProblems.length === 1 ? 'a claim' : `${claimProblems.length} claims`} only the owner can back that src/config/owner-claims.ts does not confirm: ${claimProblems.slice(0, 4).join('; ')}${claimProblems.length > 4 ? `; and ${claimProblems.length - 4} more` : ''}: ${claims!.remedy}`);
  }
  const secrets = secretsIn(`${state.message_html}\n${state.list_unsubscribe ?? ''}`, serviceKey === publicKey ? undefined : serviceKey, publicKey);
  if (secrets.length > 0) problems.push(`its e-mail holds ${secrets.join(', ')}: every visitor who gets one can read every row with it; rotate the key in the Supabase dashboard now, and take it out of the e-mail worker's settings`);
  if (placeholderInbox(state.staff_inbox)) problems.push(`its STAFF_INBOX is ${state.staff_inbox}, an address nobody reads: the office would hear of no lead; set it to the business's inbox`);
  // A live worker is not a working one: a wrong SMTP password fails every e-mail, seen before only on a day with a lead.
  if (state.smtp_checked !== true) {
    problems.push("the e-mail worker did not say whether its SMTP server takes its login: it is from before this check (rebuild and redeploy it: npm run build:services)");
  } else if (state.smtp_error) {
    problems.push(`its SMTP server does not take it (${state.smtp_error.slice(0, 160)}): every e-mail fails, the office's and the visitors'; check SMTP_HOST, SMTP_PORT, SMTP_USER and SMTP_PASSWORD`);
  }
  const smtp = smtpConnectionOf(state);
  if (smtp.problem) problems.push(smtp.problem);
  // The worker records only a digest of its sender: a staging copy's or the placeholders' passed until mail bounced.
  const sender = state.mail_from?.match(/<([^<>]+)>\s*$/)?.[1] ?? state.mail_from?.trim();
  if (sender && placeholderInbox(sender)) {
    problems.push(`its MAIL_FROM is ${state.mail_from}, at a domain nobody can send from (no SPF or DKIM can exist for it): providers refuse its e-mails or file them as spam; set it to an address on the business's verified domain (README, "E-mail")`);
  }
  const senderName = state.mail_from ? senderNameProblem(state.mail_from, state.message_html) : undefined;
  if (senderName) problems.push(senderName);
  return problems.length > 0
    ? { ok: false, detail: problems.join('; ') }
    : {
        ok: true,
        detail: `the e-mail the worker made shows no placeholder of the business settings${homePage ? ", gives the site's phone, e-mail address and registration number" : ''}${claims ? ', makes no claim the owner has not confirmed' : ''}, holds no secret key, its links open the site's pages on ${site.hostname}, and staff e-mails go to ${state.staff_inbox}, through ${smtp.said}; not read: the other e-mails the worker sends (a lead's confirmation, the guide, the office's)`,
      };
}
