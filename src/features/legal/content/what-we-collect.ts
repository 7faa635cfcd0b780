import { dataRetention } from '@/config/data-retention';

/** '1 day', '90 days'. */
export const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;
/** '1 month', '24 months'. */
export const months = (count: number) => `${count} ${count === 1 ? 'month' : 'months'}`;

/** 'a', 'a and b', 'a, b and c'. */
export function listInWords(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/**
 * How the notice words each value a form sends. The keys are the payloads' own field names (each form's schema in
 * src/features/<form>/api), and privacy-notice-claims.test.tsx holds every form's list to its schema: a field
 * added to a payload without words here fails it.
 */
export const valueInWords = {
  name: 'your name',
  customer_name: 'your name',
  email: 'your e-mail address',
  phone: 'your phone number',
  message: 'the message you write',
  brokerage: 'your brokerage',
  instagram: 'your Instagram handle (if you give it)',
  company: 'your company',
  investment_focus: 'your investment focus (if you give it)',
  phone_consent_version: 'what you agreed to about calls and texts, and when',
  marketing_texts_consent: 'whether you ticked the box for deal-alert texts',
  photo: 'the photo of your room',
} as const;

export type CollectedValue = keyof typeof valueInWords;

/**
 * What each form and the visualizer store, and why. `sends` lists the payload's fields; the spec's fixed values of
 * the guide sign-up (lead_source, guide_sent) say nothing about the visitor and are left out.
 */
export const whatEachFormCollects = [
  {
    form: 'Free estimate form (home page)',
    sends: ['name', 'email', 'phone', 'message', 'phone_consent_version'],
    why: 'so we can call or write back with your estimate. We e-mail you a confirmation and our office a copy.',
  },
  {
    form: 'Free flooring guide',
    sends: ['email'],
    why: 'so we can e-mail you the guide. Our office gets a note that you asked for it.',
  },
  {
    form: 'Realtor referral program',
    sends: ['name', 'email', 'phone', 'brokerage', 'instagram', 'phone_consent_version'],
    why: 'so we can reply about the program and send your welcome kit. Our office gets a copy.',
  },
  {
    form: 'Investor partner program',
    sends: [
      'name',
      'email',
      'phone',
      'company',
      'investment_focus',
      'phone_consent_version',
      'marketing_texts_consent',
    ],
    why: 'so we can reply about the program and send you deals. Our office gets a copy.',
  },
  {
    form: 'Snap & See Wood (floor visualizer)',
    sends: ['customer_name', 'email', 'photo'],
    why: 'so we can show your room with a new floor, e-mail you the result, and follow up if you want a quote. Our office gets a copy of the result.',
  },
] as const satisfies readonly { form: string; sends: readonly CollectedValue[]; why: string }[];

/**
 * The e-mails that advertise, and so carry an unsubscribe link (MARKETING_EMAIL_KINDS in the e-mail worker, held
 * to these words by privacy-notice-claims.test.tsx).
 */
export const marketingEmailsInWords = ['the free guide', 'the realtor program welcome', 'the investor program welcome'];

/**
 * What a visualizer request's folder holds, by floor engine. The processor's own engine stores each render's floor and
 * its map of the room (scene-classes.png, with both rug choices' floors: render-floor-task.ts); an external service
 * (`floorEngine`, VITE_VISUALIZER_ENGINE_PROVIDER_NAME) draws the floors and makes no map of the room, and the one
 * map kept is the floor's, which our software works out from the pixels the service changed (http-floor-engine.ts).
 */
export const visualizerFilesInWords = (floorEngine?: string) =>
  floorEngine
    ? `Your room photo as we show it, each floor ${floorEngine} drew on it, and the map of the floor our software worked out from it`
    : 'Your room photo as we show it, each floor we drew on it, and the maps of the floor and room our software made';

/** Each kind of data the site holds and how long it stays: the periods are the retention settings themselves. */
export function retentionSchedule(retention = dataRetention, floorEngine?: string) {
  return [
    {
      what: visualizerFilesInWords(floorEngine),
      kept: `${days(retention.visualizerImagesDays)} after you sent the photo. Then we delete the files, and the result link says the result has expired.`,
    },
    {
      what: 'Your photo exactly as it arrived (with its hidden details, if your browser could not open it)',
      kept: `Only until the picture is made, which usually takes a few seconds. If that fails, it is deleted ${days(retention.abandonedUploadDays)} after you sent it.`,
    },
    {
      // An e-mail held back (an unsubscribed address, or one past its e-mails for the day: queue_email's
      // 'suppressed') or never sent keeps its address as long, counted from when it was held back or last tried
      // (remove_expired_email_recipients): the notice said only "after the e-mail was sent" (session 22).
      what: 'The address each of our e-mails went to, or was held back from',
      kept: `${days(retention.emailRecipientDays)} after the e-mail was sent, or, for one we did not send (the address unsubscribed, had already had our e-mails for that day, or could not be reached), after we held it back or last tried. We keep a note of what kind of e-mail it was and when it was sent (or why it was not), without the address, for as long as we keep the form it was about. We don't store the text of the e-mails: they are written from your form when they are sent.`,
    },
    {
      // The result's choices (wood_style, wood_settled_at, rug_choice, the counts) are columns of the request's row,
      // deleted with it (remove_expired_lead_rows): the row says how long they stay (session 28).
      what: 'What you typed into a form, and the name, e-mail address and result choices (wood, rugs) of a visualizer request',
      kept: `${months(retention.leadRowMonths)} after you sent it, then we delete it. If you become our customer or join one of our partner programs, we keep it as our record of working with you until you ask us to delete it.`,
    },
    {
      what: 'If you unsubscribe from our marketing e-mails: a scrambled code made from your e-mail address (not the address itself), and when you unsubscribed',
      kept: 'Always, even after the rest of your data is deleted: it is what keeps our offers from reaching you again.',
    },
    {
      what: 'Your internet address, counted to stop floods of automated submissions',
      kept: `${days(retention.throttleAddressDays)}.`,
    },
  ];
}
