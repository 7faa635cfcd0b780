import { checkSettings, type Settings } from './settings.ts';

/**
 * The settings this build was made with, checked. In the browser bundle (and the dev server's pages) this module
 * is replaced by its value, checked once when the bundle is built (vite.config.ts, `checkedSettingsInTheBundle`):
 * the values are the same constants either way, and the page then loads no zod before it is interactive
 * (decision 013). Here (prerender, tests, the workers' Node) they are checked when this module loads.
 */
export const checkedSettings: Settings = checkSettings(import.meta.env ?? {});
