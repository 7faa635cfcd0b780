/**
 * Preloaded into check:deployment by a test (`node --import tsx --import <this file> main.ts`): the check reads
 * src/config/owner-claims.ts with every claim's `confirmed` set to true, as it reads the list of an owner who has
 * confirmed them all. The check itself takes no other list (session 34): this is the test's owner, as
 * OWNER_SETTINGS are its business settings. Plain JavaScript: registered beside tsx's hooks, it runs before them.
 */
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function load(url, context, nextLoad) {
      const loaded = await nextLoad(url, context);
      if (!new URL(url).pathname.endsWith('/src/config/owner-claims.ts')) return loaded;
      return { ...loaded, source: String(loaded.source).replace(/confirmed\\s*:\\s*(?:false|!1)/g, 'confirmed:true') };
    }
  `)}`,
);
