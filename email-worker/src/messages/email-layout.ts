import type { Business } from '../../../src/config/business.ts';
import { CONSUMER_AFFAIRS_NOTICE, CONSUMER_AFFAIRS_TOLL_FREE, REGISTRATION_LABEL } from '../../../src/config/contractor-registration.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A link inside a sentence: its words in the HTML, its address after them in the plain text. */
export type InlineLink = { label: string; href: string };

/** One block of an e-mail: a paragraph (plain, or with links in it), a list, a button, or a table of fields (a value may be a link). */
export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'linked'; parts: readonly (string | InlineLink)[] }
  | { kind: 'list'; items: readonly string[]; ordered?: boolean }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'fields'; rows: readonly (readonly [label: string, value: string | InlineLink])[] }
  | { kind: 'image'; src: string; alt: string; href: string };

const WALNUT_950 = '#1f130b';
const WALNUT_900 = '#3b2416';
const OAK_500 = '#c08a4f';
const OAK_200 = '#f0d9b5';
const CREAM_50 = '#fcf9f4';

function linkHtml(link: InlineLink): string {
  return `<a href="${escapeHtml(link.href)}" style="color:${WALNUT_900};font-weight:bold;text-decoration:underline">${escapeHtml(link.label)}</a>`;
}

const linkText = (link: InlineLink) => `${link.label} (${link.href})`;

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;font-size:16px;line-height:1.55;color:${WALNUT_900};overflow-wrap:anywhere;word-break:break-word">${escapeHtml(block.text)}</p>`;
    case 'linked':
      // A link, not an address to copy: mail programs do not all turn a bare address in HTML into one.
      return `<p style="margin:0 0 16px;font-size:16px;line-height:1.55;color:${WALNUT_900};overflow-wrap:anywhere;word-break:break-word">${block.parts
        .map((part) => (typeof part === 'string' ? escapeHtml(part) : linkHtml(part)))
        .join('')}</p>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag} style="margin:0 0 16px;padding-left:22px;font-size:16px;line-height:1.55;color:${WALNUT_900}">${block.items
        .map((item) => `<li style="margin:0 0 6px">${escapeHtml(item)}</li>`)
        .join('')}</${tag}>`;
    }
    case 'button':
      return `<p style="margin:8px 0 24px"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:${OAK_500};color:${WALNUT_950};font-weight:bold;text-decoration:none;padding:12px 22px;border-radius:8px">${escapeHtml(block.label)}</a></p>`;
    case 'fields':
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;width:100%">${block.rows
        .map(
          ([label, value]) =>
            `<tr><th align="left" valign="top" style="padding:6px 12px 6px 0;font-size:14px;color:${WALNUT_900};white-space:nowrap">${escapeHtml(label)}</th><td style="padding:6px 0;font-size:14px;color:${WALNUT_950};white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-word">${
              typeof value === 'string' ? escapeHtml(value) : linkHtml(value)
            }</td></tr>`,
        )
        .join('')}</table>`;
    case 'image':
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}"><img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" width="520" style="max-width:100%;height:auto;border-radius:8px;border:0"></a></p>`;
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'linked':
      return block.parts.map((part) => (typeof part === 'string' ? part : linkText(part))).join('');
    case 'list':
      return block.items.map((item, index) => `${block.ordered ? `${index + 1}.` : '-'} ${item}`).join('\n');
    case 'button':
      return `${block.label}: ${block.href}`;
    case 'fields':
      return block.rows.map(([label, value]) => `${label}: ${typeof value === 'string' ? value : linkText(value)}`).join('\n');
    case 'image':
      return `${block.alt}: ${block.href}`;
  }
}

/** A number that a narrow screen must not break at its hyphen. */
const keepTogether = (text: string) => `<span style="white-space:nowrap">${escapeHtml(text)}</span>`;

/** The same message as HTML (branded, inline styles for mail clients) and as plain text. */
export function renderEmail(business: Business, heading: string, blocks: readonly Block[]): { html: string; text: string } {
  // The postal address is in every e-mail, commercial or not: CAN-SPAM (15 U.S.C. 7704(a)(5)) asks for it on the
  // commercial ones, and one footer for all means no kind can be left without it.
  // New Jersey asks a home improvement contractor's correspondence with consumers for its registration number
  // (N.J.A.C. 13:45A-17.11(d)2) and the Division of Consumer Affairs' toll-free number (N.J.S.A. 56:8-144): the same
  // footer carries both, so every e-mail to a visitor does (decision 031).
  // Both in bold, the Division's line at 14 px (10.5 pt): shown, not buried in the small print.
  const footer = `${business.name} · ${business.postalAddress} · ${business.phone} · ${business.email}`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:0;background:${CREAM_50};font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${CREAM_50}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${WALNUT_900};padding:20px 28px;color:${OAK_200};font-size:13px;letter-spacing:1.5px;font-weight:bold">${escapeHtml(business.name.toUpperCase())}<div style="color:${CREAM_50};font-weight:normal;letter-spacing:0;margin-top:4px">${escapeHtml(business.tagline)}</div></td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 18px;font-size:22px;line-height:1.3;color:${WALNUT_950}">${escapeHtml(heading)}</h1>
${blocks.map(blockHtml).join('\n')}
</td></tr>
<tr><td style="padding:16px 28px;background:${OAK_200};font-size:12px;color:${WALNUT_900}">${escapeHtml(footer)}<div style="margin-top:6px;font-weight:bold">${escapeHtml(REGISTRATION_LABEL)} ${keepTogether(business.registrationNumber)}</div><div style="margin-top:6px;font-size:14px;font-weight:bold">${escapeHtml(CONSUMER_AFFAIRS_NOTICE).replace(CONSUMER_AFFAIRS_TOLL_FREE, keepTogether(CONSUMER_AFFAIRS_TOLL_FREE))}</div></td></tr>
</table></td></tr></table></body></html>`;
  const text = [heading, '', ...blocks.map(blockText).flatMap((part) => [part, '']), '--', footer, business.registrationLine, CONSUMER_AFFAIRS_NOTICE, ''].join('\n');
  return { html, text };
}
