/**
 * Per-page critical CSS. A page's HTML carries only the rules its prerendered markup uses (beasties matches
 * each selector against the page, ignoring pseudo-classes, so :hover and :focus-visible rules of elements on
 * the page stay, as do media queries). The whole stylesheet is kept out of the first response, which then fits
 * the first TCP window on a phone connection, and is loaded by the app before it hydrates
 * (src/app/load-full-stylesheet.ts): everything that exists only once React runs (the modal, the mobile menu,
 * toasts, form errors, `aria-[…]:` and `data-[state=…]:` states) is styled by then. Without JavaScript, a
 * <noscript> link loads it.
 */
import fs from 'node:fs';
import path from 'node:path';
import Beasties from 'beasties';
import postcss from 'postcss';
import { BELOW_THE_FIRST_SCREEN } from '../../src/app/load-full-stylesheet.ts';

/** The id of the <template> holding the full stylesheet's <link>, which the app adds before it hydrates. */
export const FULL_STYLESHEET_TEMPLATE_ID = 'full-stylesheet';

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;

export type Stylesheet = { tag: string; href: string; css: string };

/** The stylesheets Vite linked from the built index.html, with their text. */
export function readStylesheets(html: string, outDir: string): Stylesheet[] {
  return [...html.matchAll(STYLESHEET_LINK)].map(([tag, file]) => ({
    tag,
    href: `/${file!}`,
    css: fs.readFileSync(path.join(outDir, file!), 'utf8').replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, ''),
  }));
}

/** The page with each stylesheet link replaced by the rules the page uses, and the full sheet deferred. */
export async function inlineCriticalCss(html: string, stylesheets: Stylesheet[]): Promise<string> {
  let page = html;
  for (const sheet of stylesheets) {
    const whole = html.replace(sheet.tag, `<style>${sheet.css}</style>`);
    const screen = firstScreen(whole);
    // Rules for the first screen only: what follows it is not drawn until the whole sheet is in, which draws it
    // (src/index.css). Else a visitor who scrolls down in the first second would see it laid out on rules that
    // are not its own, then jump (a tap aimed at a button there lands elsewhere).
    const belowTheFirstScreen = screen === whole ? '' : `${BELOW_THE_FIRST_SCREEN}{display:none}`;
    const critical = (await criticalRules(screen, html)) + belowTheFirstScreen;
    const deferred =
      `<template id="${FULL_STYLESHEET_TEMPLATE_ID}"><link rel="stylesheet" href="${sheet.href}"></template>` +
      `<noscript><link rel="stylesheet" href="${sheet.href}"></noscript>`;
    page = page.replace(sheet.tag, () => `<style>${critical}</style>${deferred}`);
  }
  return page;
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * The page up to the end of the <section> its <main> opens with (the hero), which with the header is what a phone
 * shows first: the rules that part uses are the ones the page inlines. A page that opens otherwise (the
 * visualizer, whose steps are its first screen; the 404 page) is taken whole.
 */
export function firstScreen(html: string): string {
  const main = /<main\b[^>]*>(?=<section\b)/.exec(html);
  if (!main) return html;
  const tag = /<(\/?)([a-zA-Z][\w-]*)\b[^>]*?(\/?)>/g;
  tag.lastIndex = main.index + main[0].length;
  let depth = 0;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    const [, closing, name, selfClosing] = match;
    if (VOID_ELEMENTS.has(name!.toLowerCase()) || selfClosing) continue;
    if (closing) depth--;
    else depth++;
    if (depth === 0) return `${html.slice(0, tag.lastIndex)}</main></div></body></html>`;
    if (depth < 0) break;
  }
  return html;
}

/**
 * Beasties strips every pseudo-class with its parentheses before matching a selector against the page, so one
 * that is all `:where(…)` or `:is(…)` (Tailwind's space-y-*, preflight's `:where([hidden]…)`) would come out empty
 * and be dropped. The wrapper goes first when it holds a single selector; a selector still left empty is kept.
 */
class PageBeasties extends Beasties {
  normalizeCssSelector(selector: string): string {
    const normalize = (Beasties.prototype as unknown as { normalizeCssSelector(selector: string): string })
      .normalizeCssSelector;
    return normalize.call(this, unwrapSelector(selector)) || '*';
  }
}

function unwrapSelector(selector: string): string {
  const wrapper = /^:(?:where|is)\(/.exec(selector);
  if (!wrapper) return selector;
  let depth = 0;
  for (let i = wrapper[0].length - 1; i < selector.length; i++) {
    const char = selector[i];
    if (char === '\\') i++;
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) {
      const inner = selector.slice(wrapper[0].length, i);
      return i === selector.length - 1 && !hasTopLevelComma(inner) ? inner : selector;
    }
  }
  return selector;
}

function hasTopLevelComma(selector: string): boolean {
  let depth = 0;
  for (const char of selector) {
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ',' && depth === 0) return true;
  }
  return false;
}

async function criticalRules(pageWithInlineCss: string, page: string): Promise<string> {
  const beasties = new PageBeasties({ external: false, reduceInlineStyles: true, keyframes: 'critical', logLevel: 'warn' });
  const pruned = await beasties.process(pageWithInlineCss);
  const css = /<style>([\s\S]*?)<\/style>/.exec(pruned)?.[1];
  if (css === undefined) throw new Error('beasties returned the page without its <style>');
  return dropHoverRules(dropUnusedCustomProperties(css, page));
}

/**
 * Hover styles need a pointer that moves, which starts the app, and the whole stylesheet comes with it (and
 * usually before: once the first screen has painted). Until then they are bytes in the first round trip.
 */
function dropHoverRules(css: string): string {
  const root = postcss.parse(css);
  root.walkAtRules('media', (rule) => {
    if (rule.params.replace(/\s/g, '') === '(hover:hover)') rule.remove();
  });
  return root.toString();
}

/**
 * Tailwind declares theme variables and registers its --tw-* properties for every utility in the stylesheet;
 * the rules a page keeps read only some of them. A custom property nothing reads (no var() in the page's
 * rules or markup) goes.
 */
function dropUnusedCustomProperties(css: string, page: string): string {
  const root = postcss.parse(css);
  const read = new Set([...`${css}\n${page}`.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]!));
  root.walkDecls(/^--/, (decl) => {
    if (!read.has(decl.prop)) decl.remove();
  });
  root.walkAtRules('property', (rule) => {
    if (!read.has(rule.params.trim())) rule.remove();
  });
  const removeEmpty = (node: postcss.Container) => {
    for (const child of [...(node.nodes ?? [])]) {
      if (child.type === 'rule' || child.type === 'atrule') {
        if ('nodes' in child && child.nodes) {
          removeEmpty(child);
          if (child.nodes.length === 0) child.remove();
        }
      }
    }
  };
  removeEmpty(root);
  return root.toString();
}
