import type { Outcome } from './test-rows.ts';

/** What the processor's /healthz says draws the floors (visualizer-processor/src/main.ts). */
export type EngineSeen = { engine?: unknown; engineProvider?: unknown };

/**
 * The privacy page's paragraph on the photo, as it starts for each engine (src/features/legal/components/privacy-page.tsx;
 * privacy-notice-claims.test.tsx renders the page both ways and holds these to it).
 */
export const OWN_ENGINE_WORDS = 'Our software looks at your photo only to find the floor.';
export const sentToWords = (company: string) => `Your photo is sent to ${company}, whose service finds the floor in it`;

/** A served page's words as a reader sees them: tags out, React's entities decoded, white space as one space. */
export function pageWords(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/**
 * Whether the privacy page the site serves says truly who handles a visitor's photo: the processor's own engine, or
 * the company an http engine sends every photo to (decision 040). The site's build and the processor read the same
 * setting (VITE_VISUALIZER_ENGINE_PROVIDER_NAME) on different hosts; the processor refuses to start in production
 * when its engine and the setting disagree, and this line catches a site built with another value than the processor
 * runs with.
 */
export function floorEngineOutcome(processor: EngineSeen | undefined, privacyHtml: string | undefined): Outcome {
  if (!processor || (processor.engine !== 'offline' && processor.engine !== 'http')) {
    return {
      ok: false,
      detail:
        "the processor's /healthz does not say which engine draws the floors (a version from before it did, or no answer): whether the privacy page says truly who handles visitors' photos is not known; deploy the processor from the site's commit",
    };
  }
  if (privacyHtml === undefined)
    return { ok: false, detail: 'the privacy page could not be read (see its page line above)' };
  const words = pageWords(privacyHtml);
  const company =
    typeof processor.engineProvider === 'string' && processor.engineProvider.trim()
      ? processor.engineProvider.trim()
      : undefined;
  const saysSentTo = /Your photo is sent to [^,]{1,80}, whose service finds the floor in it/.exec(words)?.[0];
  if (processor.engine === 'offline') {
    if (saysSentTo) {
      return {
        ok: false,
        detail: `the processor draws the floors itself, but the privacy page says "${saysSentTo}": the site was built with VITE_VISUALIZER_ENGINE_PROVIDER_NAME; rebuild it without, as the processor runs`,
      };
    }
    return words.includes(OWN_ENGINE_WORDS)
      ? {
          ok: true,
          detail:
            'the processor draws the floors itself, and the privacy page says so (no other company gets the photos)',
        }
      : {
          ok: false,
          detail: `the processor draws the floors itself, but the privacy page does not say "${OWN_ENGINE_WORDS}": is it this site's build?`,
        };
  }
  if (!company) {
    return {
      ok: false,
      detail:
        "the processor sends every photo to an external engine (VISUALIZER_ENGINE=http) without naming its company (VITE_VISUALIZER_ENGINE_PROVIDER_NAME; NODE_ENV is not production there, or it would not have started): the privacy page cannot name it; set the name on the processor and in the site's build",
    };
  }
  if (!words.includes(sentToWords(company))) {
    return {
      ok: false,
      detail: `the processor sends every photo to ${company}, but the privacy page ${saysSentTo ? `says "${saysSentTo}"` : "says the site's own software finds the floor"}: rebuild the site with VITE_VISUALIZER_ENGINE_PROVIDER_NAME=${company}`,
    };
  }
  return { ok: true, detail: `the processor sends the photos to ${company}, and the privacy page names it` };
}
