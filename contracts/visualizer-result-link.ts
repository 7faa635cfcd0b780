import { DEFAULT_WOOD_STYLE, type WoodStyleId } from './wood-styles.ts';

/**
 * The link to a visualizer result that stays meaningful after the images are gone: the visualizer page with
 * the request's id in the fragment. The page reads the row by that id and shows the result, or says that it has
 * expired once the retention job deleted its images (src/config/data-retention.ts). The e-mail worker puts it in
 * the visitor's result e-mail, and the page itself keeps it in the address while it follows or shows a request, so a
 * reload comes back to it. A fragment never reaches a server's logs, and it makes the prerendered page start
 * the app at once (src/main.tsx).
 */
const RESULT_LINK_FRAGMENT = /^#result=([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export const VISUALIZER_PAGE_PATH = '/floor-visualizer';

/**
 * The page keeps the wood shown in the address (`?wood=walnut`, the default left out), so a reload shows it again; the
 * e-mail's link carries the wood its picture shows the same way (decision 046).
 */
export const WOOD_PARAM = 'wood';

export function visualizerResultLink(siteUrl: string, requestId: string, wood?: WoodStyleId): string {
  const query = wood && wood !== DEFAULT_WOOD_STYLE ? `?${WOOD_PARAM}=${wood}` : '';
  return `${siteUrl.replace(/\/+$/, '')}${VISUALIZER_PAGE_PATH}${query}#result=${requestId}`;
}

/** The request id of a result link's fragment (`location.hash`), or null. */
export function resultIdFromFragment(fragment: string): string | null {
  return RESULT_LINK_FRAGMENT.exec(fragment)?.[1]?.toLowerCase() ?? null;
}
