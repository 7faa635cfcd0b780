import { checkedSettings } from './checked-settings.ts';
import type { ProvidersSettings } from './settings.ts';

/**
 * The companies that run the site for the business and so handle visitors' data for it: the privacy notice lists
 * them (categories of third parties, as the New Jersey Data Privacy Act asks) and names each one the deployment
 * names. Supabase is named always: the site is built on it (VITE_SUPABASE_URL). The others are settings
 * (settings.ts, README "Settings"), because the owner chooses them when deploying.
 */
export type ServiceProvider = {
  /** What kind of company it is, for the notice's list: always shown. */
  kind: string;
  /** The company's name, when the deployment says it. */
  name: string | undefined;
  /** What it does for us, and what of the visitor's data it handles doing it. */
  does: string;
};

/** A company name as set: empty or blank counts as unset. */
const named = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

/**
 * The company whose service draws the floor, when the processor sends the photos to one (VISUALIZER_ENGINE=http);
 * undefined when the processor's own engine does it. The privacy notice's paragraph on the photo follows it.
 */
export const floorEngineProviderFrom = (settings: ProvidersSettings) =>
  named(settings.VITE_VISUALIZER_ENGINE_PROVIDER_NAME);

export function serviceProvidersFrom(settings: ProvidersSettings): ServiceProvider[] {
  return [
    {
      kind: 'Database and file storage',
      name: 'Supabase',
      // The browser talks to it directly (src/lib/supabase-client.ts: every form, the result's row) and the pictures
      // are its signed links (image-storage.ts), on the result page and in the e-mails (decision 032, session 32).
      does: 'keeps everything you send through the forms and the visualizer, and the records of the e-mails we send. Your browser sends the forms to it and loads your result and its pictures from it (as does a mail program showing the pictures in our e-mails), so it sees your internet address then and keeps its own logs of those requests.',
    },
    {
      kind: 'Web hosting',
      name: named(settings.VITE_SITE_HOST_NAME),
      does: "serves this website's pages to your browser. Like every web host, it sees your internet address and keeps short logs of the pages asked for.",
    },
    {
      kind: 'Application hosting',
      name: named(settings.VITE_SERVICES_HOST_NAME),
      // The e-mails to the visitor repeat nothing typed (compose-email.ts): anyone can type anyone's address. The
      // processor also takes the result's wood picks, fixes and rug choice (VITE_VISUALIZER_WEBHOOK_URL) and answers the
      // e-mails' unsubscribe links (decision 024): the visitor's browser reaches it then too (decision 032, session 32).
      does: "runs the programs that draw the new floor on your photo, write our e-mails and answer their unsubscribe links. Your photo passes through them, and so does what you type into a form, which our office's copy repeats (our e-mails to you repeat none of it); they see your internet address when you send the photo, when you pick a wood, fix the floor or choose what happens to your rugs on the result, and when you open an unsubscribe link.",
    },
    {
      kind: 'E-mail delivery',
      name: named(settings.VITE_EMAIL_PROVIDER_NAME),
      does: 'delivers our e-mails to you and to our office. It handles your e-mail address and each message, and keeps its own delivery records.',
    },
    // The office's mailbox holds the staff copy of every form (every value typed: compose-email.ts) and what visitors
    // write to the business, kept as correspondence and deleted by hand on request (deletionStepsByHand).
    {
      kind: 'Office e-mail',
      name: named(settings.VITE_OFFICE_EMAIL_PROVIDER_NAME),
      does: "hosts our office's mailbox, where our copy of each form and each visualizer result arrives, and so does any e-mail you write to us. It keeps them for as long as we keep them as our correspondence with you.",
    },
    // Only when the processor sends the photos out: its own engine is no company (processor-config.ts holds the two
    // to one setting in production).
    ...(floorEngineProviderFrom(settings)
      ? [
          {
            kind: 'Floor drawing',
            name: floorEngineProviderFrom(settings),
            does: 'receives each room photo, with the spots you tap to fix the floor, finds the floor in it and draws the new floor on it for us. It gets the photo, those spots, the wood to draw and whether to keep your rugs, not your name or e-mail address.',
          },
        ]
      : []),
  ];
}

/** The providers this build names. */
export const serviceProviders = serviceProvidersFrom(checkedSettings.providers);
/** The company this build says draws the floor, if any. */
export const floorEngineProvider = floorEngineProviderFrom(checkedSettings.providers);
