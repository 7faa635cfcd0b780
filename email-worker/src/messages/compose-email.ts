import { encodeWord } from 'nodemailer/lib/mime-funcs';
import { ORIGINAL_RENDITIONS, imageRenditionsSchema } from '../../../contracts/image-renditions.ts';
import { LITTLE_FLOOR_SHARE, RUG_CHOICE_LABELS, RUG_CHOICE_MIN_SHARE } from '../../../contracts/visualizer-webhook.ts';
import { DEFAULT_WOOD_STYLE, WOOD_STYLES, isWoodStyleId, type WoodStyleId } from '../../../contracts/wood-styles.ts';
import type { Business } from '../../../src/config/business.ts';
import { dataRetention } from '../../../src/config/data-retention.ts';
import { referralDisclosure } from '../../../src/content/referral-disclosure.ts';
import { VISUALIZER_PAGE_PATH, visualizerResultLink } from '../../../contracts/visualizer-result-link.ts';
import { GUIDE_FILE_NAME, GUIDE_TIPS, GUIDE_TITLE } from '../guide/guide-content.ts';
import { renderEmail, type Block } from './email-layout.ts';
import {
  isMarketingEmail,
  type ContactRecord,
  type EmailKind,
  type InvestorRecord,
  type LeadRecord,
  type RealtorRecord,
  type VisualizerRequestRecord,
} from './lead-records.ts';

export interface EmailContext {
  business: Business;
  /** The public site, for links back to it. */
  siteUrl: string;
  staffInbox: string;
  /** The guide PDF (made once per process). */
  guidePdf(): Promise<Buffer>;
}

export interface ComposedEmail {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
  /** RFC 8058 one-click unsubscribe on marketing e-mails (List-Unsubscribe, List-Unsubscribe-Post); none otherwise. */
  headers: Record<string, string>;
}

/** What the worker knows about the recipient beyond the row. */
export interface EmailRecipientFacts {
  /** The signed unsubscribe link (contracts/unsubscribe-link.ts); marketing e-mails cannot be made without it. */
  unsubscribeLink?: string | null;
  /** Staff e-mails: when the visitor's mailbox unsubscribed from marketing e-mail, or null. */
  visitorUnsubscribedAt?: Date | null;
  /** Staff e-mails: when a mail server refused the visitor's address as one that does not exist, or null. */
  visitorAddressRefusedAt?: Date | null;
}

export class EmailNotComposable extends Error {
  override name = 'EmailNotComposable';
}

/** Staff read times in the business's own zone. */
function businessTime(date: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(date);
}

/** The rug choice the latest render shows, when the photo offered one (as the result step does). */
function rugChoiceShown(lead: VisualizerRequestRecord): 'keep' | 'replace' | null {
  return lead.rug_choice && (lead.rug_share ?? 0) >= RUG_CHOICE_MIN_SHARE ? lead.rug_choice : null;
}

const RUGS_IN_THE_AFTER_IMAGE = {
  keep: 'Your rugs and carpet stay as they are, in front of the new floor (“Keep my rugs”).',
  replace: 'The carpet and rugs in your photo are replaced by the new floor too (“Replace carpet and rugs too”).',
} as const;

/** For staff: which of the two the after image shows, and whether the visitor picked it. */
function rugChoiceForStaff(lead: VisualizerRequestRecord): string {
  const shown = rugChoiceShown(lead);
  if (!shown) return 'No rugs or carpet found';
  return `${RUG_CHOICE_LABELS[shown]} (${lead.rug_choices_used > 0 ? 'chosen by the visitor' : 'the default for this photo; the visitor kept it'})`;
}

/**
 * The wood the e-mails show (decision 046): the one the visitor last showed on the result step, if the latest render
 * has its picture (a fix lays the other woods after its default one, and an e-mail may go between), else the default.
 */
function woodShown(lead: VisualizerRequestRecord & { processed_image_url: string }): {
  id: WoodStyleId;
  label: string;
  url: string;
  chosen: boolean;
} {
  const picked = lead.wood_style;
  const pictures = lead.style_image_urls ?? {};
  if (picked && isWoodStyleId(picked) && picked !== DEFAULT_WOOD_STYLE && pictures[picked]) {
    return { id: picked, label: woodLabel(picked), url: pictures[picked], chosen: true };
  }
  return { id: DEFAULT_WOOD_STYLE, label: woodLabel(DEFAULT_WOOD_STYLE), url: lead.processed_image_url, chosen: picked === DEFAULT_WOOD_STYLE };
}

const woodLabel = (id: WoodStyleId) => WOOD_STYLES.find((style) => style.id === id)!.label;

/** How many woods the latest render has pictures of (the default's is always there). */
function woodsRendered(lead: VisualizerRequestRecord): number {
  const pictures = lead.style_image_urls ?? {};
  return WOOD_STYLES.filter((style) => style.id === DEFAULT_WOOD_STYLE || pictures[style.id]).length;
}

/** For staff: the wood the after image shows, and whether the visitor chose it (lead information: what they liked). */
function woodForStaff(wood: ReturnType<typeof woodShown>): string {
  return `${wood.label} (${wood.chosen ? 'chosen by the visitor' : 'the default; the visitor picked no other'})`;
}

/**
 * E-mail pictures are 520 px wide (email-layout.ts): the web-sized JPEG copy, made for that at 2x
 * (JPEG_RENDITION_WIDTH), else the full picture (a row rendered before the copies existed).
 */
function emailPicture(lead: VisualizerRequestRecord, key: string, fullUrl: string): string {
  const renditions = imageRenditionsSchema.safeParse(lead.image_renditions ?? {});
  return (renditions.success && renditions.data[key]?.jpeg.url) || fullUrl;
}

const site = (context: EmailContext, path = '/') => `${context.siteUrl.replace(/\/+$/, '')}${path}`;

/**
 * Visitor e-mails. Anyone can type someone else's address into a form, so these never repeat anything the
 * visitor typed (not even the name): only the business's own words, links and the visitor's own images.
 */
async function visitorEmail(
  kind: EmailKind,
  lead: LeadRecord,
  to: string,
  context: EmailContext,
  unsubscribeLink: string | null,
): Promise<ComposedEmail> {
  const { business } = context;
  const callOrWrite = `Questions? Call us at ${business.phone} or reply to this e-mail. Hours: ${business.hours.join(', ')}.`;
  if (isMarketingEmail(kind) && !unsubscribeLink) throw new Error(`A ${kind} e-mail needs its unsubscribe link`);
  // Marketing e-mails say how to stop them, in the body (CAN-SPAM: clear and conspicuous) and in the headers mail
  // programs turn into an Unsubscribe button (RFC 8058: a POST to the link, no page to fill in).
  const unsubscribe: Block[] =
    isMarketingEmail(kind) && unsubscribeLink
      ? [
          {
            // A link in the HTML (a bare address is not one in every mail program), the address itself in the text.
            // It opens the processor's page, whose one button unsubscribes (a GET changes nothing: decision 024).
            kind: 'linked',
            parts: [
              `You get this e-mail because this address was given on our website. To get no more offers or news from ${business.name}, `,
              { label: 'unsubscribe', href: unsubscribeLink },
              ': the link opens a page with one button to press, nothing to fill in.',
            ],
          },
        ]
      : [];
  const headers: Record<string, string> =
    isMarketingEmail(kind) && unsubscribeLink
      ? { 'List-Unsubscribe': `<${unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : {};
  const compose = (subject: string, heading: string, blocks: Block[], attachments: ComposedEmail['attachments'] = []) => ({
    to,
    replyTo: business.email,
    subject,
    ...renderEmail(business, heading, [...blocks, ...unsubscribe]),
    attachments,
    headers,
  });

  switch (kind) {
    case 'guide':
      return compose(
        `Your free guide: ${GUIDE_TITLE}`,
        'Your free flooring guide is here',
        [
          { kind: 'paragraph', text: `Thanks for asking for our guide, "${GUIDE_TITLE}". It is attached to this e-mail as a PDF.` },
          { kind: 'paragraph', text: 'Inside, five things we talk through with every client before anyone opens a box of flooring:' },
          { kind: 'list', ordered: true, items: GUIDE_TIPS.map((tip) => tip.title) },
          {
            kind: 'paragraph',
            text: `When you are ready, we are happy to look at your rooms and give you a free estimate. We respond ${business.responsePromise}.`,
          },
          { kind: 'button', label: 'Request a free estimate', href: site(context, '/#contact') },
          { kind: 'paragraph', text: callOrWrite },
        ],
        [{ filename: GUIDE_FILE_NAME, content: await context.guidePdf(), contentType: 'application/pdf' }],
      );
    case 'estimate_confirmation':
      return compose(`We received your estimate request`, 'Thanks, we have your request', [
        {
          kind: 'paragraph',
          text: `Thanks for contacting us: your free-estimate request has reached ${business.name.replace(/\.$/, '')}. We typically respond ${business.responsePromise}.`,
        },
        { kind: 'paragraph', text: callOrWrite },
        {
          kind: 'paragraph',
          text: 'If you did not send this request, you can ignore this e-mail: someone may have typed your address by mistake.',
        },
      ]);
    case 'realtor_welcome':
      return compose(`Welcome to the ${business.name} realtor referral program`, 'Welcome to the team!', [
        {
          kind: 'paragraph',
          text: "Thanks for applying to our realtor referral program. We'll be in touch soon with program details and your welcome kit.",
        },
        { kind: 'paragraph', text: 'What partners earn for their referrals:' },
        { kind: 'list', items: ['Free headshot sessions', '1 hour in our content creation studio', 'Cooler giveaways and more'] },
        {
          kind: 'paragraph',
          text: 'And your clients get exclusive discounts and fast, clean, professional service from a vendor who helps you close faster.',
        },
        { kind: 'paragraph', text: referralDisclosure },
        { kind: 'button', label: 'See the program', href: site(context, '/realtors') },
        { kind: 'paragraph', text: callOrWrite },
      ]);
    case 'investor_welcome':
      return compose(`Welcome to the ${business.name} investor program`, 'Welcome to the investor program!', [
        {
          kind: 'paragraph',
          text: "Thanks for applying to our investor partner program. We'll be in touch soon with exclusive deals and ambassador program details.",
        },
        { kind: 'paragraph', text: 'What partners get:' },
        {
          kind: 'list',
          items: [
            'Bulk discount pricing: 10-25% off retail',
            'Exclusive deal alerts and clearance access',
            'Ambassador rewards for referrals',
            'Priority scheduling',
          ],
        },
        { kind: 'paragraph', text: referralDisclosure },
        { kind: 'button', label: 'See the program', href: site(context, '/investors') },
        { kind: 'paragraph', text: callOrWrite },
      ]);
    case 'visualizer_result': {
      if (lead.table !== 'floor_visualizer_requests' || !lead.processed_image_url || !lead.original_image_url) {
        throw new EmailNotComposable('The visualizer request has no result images');
      }
      const rugs = rugChoiceShown(lead);
      const wood = woodShown({ ...lead, processed_image_url: lead.processed_image_url });
      const resultLink = visualizerResultLink(context.siteUrl, lead.id, wood.id);
      // A render that found little or no floor looks like the photo: "with a new hardwood floor" would be untrue of
      // it. Said as the result page says it (result-step.tsx), with what the result link cannot offer: a fix needs the
      // page the photo was sent from (decision 009), so the way on is another photo.
      const littleFloor = lead.floor_share != null && lead.floor_share < LITTLE_FLOOR_SHARE;
      const opening: Block[] = littleFloor
        ? [
            {
              kind: 'paragraph',
              text: 'Here is the room photo you sent to our floor visualizer. We found little or no floor in this photo, so it barely changed. Try a photo that shows more of the floor, taken from standing height.',
            },
            { kind: 'image', src: emailPicture(lead, wood.id, wood.url), alt: 'Your room photo from our floor visualizer', href: resultLink },
            { kind: 'button', label: 'Try another photo', href: site(context, VISUALIZER_PAGE_PATH) },
          ]
        : [
            { kind: 'paragraph', text: 'Here is the room photo you sent to our floor visualizer, with a new hardwood floor.' },
            { kind: 'image', src: emailPicture(lead, wood.id, wood.url), alt: 'Your room with a new hardwood floor', href: resultLink },
            {
              kind: 'paragraph',
              text: wood.chosen
                ? `Wood shown: ${wood.label}, the one you chose.`
                : `Wood shown: ${wood.label}.${woodsRendered(lead) > 1 ? ' Your result page shows the other woods too.' : ''}`,
            },
          ];
      const subject = littleFloor ? 'Your Snap & See Wood result' : 'Your room with a new hardwood floor';
      return compose(subject, 'Your Snap & See Wood result is ready', [
        ...opening,
        ...(rugs ? [{ kind: 'paragraph', text: RUGS_IN_THE_AFTER_IMAGE[rugs] } as const] : []),
        // What the picture is, as the result page and the Terms say (decision 040).
        { kind: 'paragraph', text: "A computer's preview: a real floor's colours, boards and edges will differ." },
        { kind: 'button', label: 'See your result', href: resultLink },
        // Links with words, the addresses in the plain text only: a signed link is one unbroken word of some 300
        // characters, which stretched the whole e-mail to 2,700 px on a 360 px phone.
        { kind: 'linked', parts: ['Before: ', { label: 'the photo you sent', href: lead.original_image_url }] },
        { kind: 'linked', parts: ['After: ', { label: littleFloor ? 'the picture we made' : 'your room with the new floor', href: wood.url }] },
        {
          kind: 'paragraph',
          text: `We keep your photo and these pictures for ${dataRetention.visualizerImagesDays} days, then delete them; the link then says the result has expired.`,
        },
        {
          kind: 'paragraph',
          // "Like what you see?" asks about a new floor a little-floor picture does not show (session 25).
          text: `${littleFloor ? '' : 'Like what you see? '}We will measure the room and give you a free estimate, and we respond ${business.responsePromise}.`,
        },
        { kind: 'button', label: 'Get a free quote', href: site(context, '/#contact') },
        { kind: 'paragraph', text: callOrWrite },
        // Anyone can type any address on the info step, so this can reach someone who sent nothing: "the room photo
        // you sent" is then untrue, and the photo is a stranger's. data:forget deletes a request by its address.
        {
          kind: 'paragraph',
          text: 'If you did not send us this photo, someone may have typed your address by mistake: you can ignore this e-mail, or reply and we delete the photo and its pictures.',
        },
      ]);
    }
    default:
      throw new EmailNotComposable(`${kind} is not a visitor e-mail`);
  }
}

/**
 * A subject with a visitor's text in it, to be read as typed. Nodemailer passes a plain-ASCII subject through, so a
 * name holding an RFC 2047 encoded word (`=?utf-8?Q?=0D=0ABcc:...?=`, all of it printable ASCII the database takes)
 * would be decoded by the staff's mail program into a line break, a bidirectional override or anything else the
 * database refuses in names. Such a subject goes out as encoded words of its own, which decode to the literal text.
 */
function subjectAsTyped(subject: string): string {
  return subject.includes('=?') ? encodeWord(subject, 'B', 52) : subject;
}

/** What the visitor did not get because they unsubscribed, told to staff with the notification. */
const NOT_SENT_TO_UNSUBSCRIBED: Partial<Record<EmailKind, string>> = {
  staff_guide: ' The guide was not e-mailed to them.',
  staff_realtor: ' The welcome e-mail was not sent to them.',
  staff_investor: ' The welcome e-mail was not sent to them.',
};

/**
 * What staff may do with the visitor's phone, from the row (decision 021): texts about the request only with the
 * consent words' version on the row, deal alerts only with the investor form's box ticked. Nothing here sends texts;
 * staff do, and the privacy notice promises texts only on those terms (README, "Texts").
 */
function phoneUseRows(lead: ContactRecord | RealtorRecord | InvestorRecord): [string, string][] {
  const callsAndTexts: [string, string] = [
    'Calls and texts',
    lead.phone_consent_version
      ? `agreed we may call or text about this request (consent words of ${lead.phone_consent_version})`
      : 'no consent words were shown: call about the request, do not text',
  ];
  if (lead.table !== 'investors') return [callsAndTexts];
  return [
    callsAndTexts,
    ['Deal-alert texts', lead.marketing_texts_consent ? 'yes, ticked the box' : 'no: send no deal-alert texts'],
  ];
}

/** Staff notifications: every field, the time, and Reply-To set to the visitor so staff answer in one click. */
function staffEmail(
  kind: EmailKind,
  lead: LeadRecord,
  context: EmailContext,
  unsubscribedAt: Date | null,
  addressRefusedAt: Date | null,
): ComposedEmail {
  const received: [string, string] = ['Received', businessTime(lead.created_at)];
  const reference: [string, string] = ['Reference', `${lead.table} ${lead.id}`];
  // Staff see an opt-out before they write to the visitor: no offers to them, and for a guide or a partner
  // application, the visitor did not get the guide or the welcome (the queue held it back).
  const unsubscribed: Block[] = unsubscribedAt
    ? [
        {
          kind: 'paragraph',
          text: `This visitor unsubscribed from our marketing e-mail on ${businessTime(unsubscribedAt)}. Send them no offers or deal alerts; answer their request only.${NOT_SENT_TO_UNSUBSCRIBED[kind] ?? ''}`,
        },
      ]
    : [];
  // The queue holds back every e-mail to an address a mail server refused (migration 20261210300000): the visitor
  // heard nothing from us, and only staff can reach them another way or learn the right address.
  const refused: Block[] = addressRefusedAt
    ? [
        {
          kind: 'paragraph',
          text: `Our e-mails to this visitor's address are not sent: on ${businessTime(addressRefusedAt)} its mail server said the address does not exist. They got no e-mail from us about this; call them if they gave a number, and check the address with them.`,
        },
      ]
    : [];
  const compose = (subject: string, heading: string, replyTo: string, blocks: Block[]) => ({
    to: context.staffInbox,
    replyTo,
    subject: subjectAsTyped(subject),
    ...renderEmail(context.business, heading, [...unsubscribed, ...refused, ...blocks]),
    attachments: [],
    headers: {},
  });
  const replyHint: Block = { kind: 'paragraph', text: 'Reply to this e-mail to answer the visitor directly.' };
  // A guide sign-up and a visualizer request ask for no answer, and the privacy page says what their address is kept
  // for (what-we-collect.ts: the guide; the result and a follow-up "if you want a quote"): staff are told, so a reply
  // does not become the offers the page does not mention (decision 032, session 32). An offer is commercial e-mail:
  // the postal address and a way to opt out (CAN-SPAM, 15 U.S.C. 7704(a)(3), (a)(5); README, "E-mail").
  const guideOnly: Block = {
    kind: 'paragraph',
    text: 'They asked for the guide only: our privacy page says we keep this address to send it, so send them no offers. If they write to us, reply to this e-mail to answer them.',
  };
  const pictureNotQuote: Block = {
    kind: 'paragraph',
    text: 'They asked for this picture, not for a quote: our privacy page says we keep their details to follow up if they want one. Reply to this e-mail to ask whether they do; an e-mail offering our work must also carry our postal address and a way to opt out (README, "E-mail").',
  };

  switch (kind) {
    case 'staff_contact':
      if (lead.table !== 'contacts') break;
      return compose(`New estimate request from ${lead.name}`, 'New free-estimate request', lead.email, [
        {
          kind: 'fields',
          rows: [['Name', lead.name], ['Email', lead.email], ['Phone', lead.phone], ...phoneUseRows(lead), ['Message', lead.message], received, reference],
        },
        replyHint,
      ]);
    case 'staff_guide':
      if (lead.table !== 'leads') break;
      return compose(`New free-guide sign-up: ${lead.email}`, 'New free-guide sign-up', lead.email, [
        { kind: 'fields', rows: [['Email', lead.email], ['Source', 'Free flooring guide (home page modal)'], received, reference] },
        // Held back for the day's limits (an unsubscribe is said above). The page cannot say so (it would tell anyone
        // who types an address whether its owner unsubscribed); its panel says which addresses get no guide and to
        // call, so whoever answers the call knows why (decision 032, session 34).
        ...(lead.guide_sent === false && !unsubscribedAt && !addressRefusedAt
          ? [
              {
                kind: 'paragraph',
                text: 'The guide was not e-mailed to them: this address had its few e-mails from us today. The page showed its usual answer (it cannot say which addresses we hold back) and asks them to call us if the guide does not arrive.',
              } satisfies Block,
            ]
          : []),
        guideOnly,
      ]);
    case 'staff_realtor':
      if (lead.table !== 'realtors') break;
      return compose(`New realtor partner application from ${lead.name}`, 'New realtor partner application', lead.email, [
        {
          kind: 'fields',
          rows: [
            ['Name', lead.name],
            ['Email', lead.email],
            ['Phone', lead.phone],
            ...phoneUseRows(lead),
            ['Brokerage', lead.brokerage],
            ['Instagram', lead.instagram ?? '(not given)'],
            received,
            reference,
          ],
        },
        replyHint,
      ]);
    case 'staff_investor':
      if (lead.table !== 'investors') break;
      return compose(`New investor partner application from ${lead.name}`, 'New investor partner application', lead.email, [
        {
          kind: 'fields',
          rows: [
            ['Name', lead.name],
            ['Email', lead.email],
            ['Phone', lead.phone],
            ...phoneUseRows(lead),
            ['Company', lead.company],
            ['Investment focus', lead.investment_focus ?? '(not given)'],
            received,
            reference,
          ],
        },
        replyHint,
      ]);
    case 'staff_visualizer': {
      if (lead.table !== 'floor_visualizer_requests') break;
      const completed = lead.status === 'completed';
      // As the visitor's e-mail and the result page say it: a render with little or no floor barely changed the photo.
      const littleFloor = lead.floor_share != null && lead.floor_share < LITTLE_FLOOR_SHARE;
      const wood = lead.processed_image_url ? woodShown({ ...lead, processed_image_url: lead.processed_image_url }) : null;
      const blocks: Block[] = [
        {
          kind: 'fields',
          rows: [
            ['Name', lead.customer_name],
            ['Email', lead.email],
            ['Result', completed ? 'Rendered' : `Failed: ${lead.failure_reason ?? 'no reason given'}`],
            // Links with words: a signed link is one ~300-character word, which the table could only break into
            // six lines of characters on a phone (the visitor's result e-mail does the same, session 23).
            ['Before', lead.original_image_url ? { label: 'the visitor’s photo', href: lead.original_image_url } : '(none)'],
            ['After', wood ? { label: littleFloor ? 'the picture made (little or no floor found)' : 'the picture with the new floor', href: wood.url } : '(none)'],
            ...(completed && wood ? [['Wood', woodForStaff(wood)] as [string, string]] : []),
            ...(completed ? [['Rugs and carpet', rugChoiceForStaff(lead)] as [string, string]] : []),
            received,
            reference,
          ],
        },
      ];
      if (completed && lead.processed_image_url && lead.original_image_url) {
        blocks.push(
          { kind: 'image', src: emailPicture(lead, ORIGINAL_RENDITIONS, lead.original_image_url), alt: 'Before: the visitor’s photo', href: lead.original_image_url },
          { kind: 'image', src: emailPicture(lead, wood?.id ?? DEFAULT_WOOD_STYLE, wood?.url ?? lead.processed_image_url), alt: littleFloor ? 'After: little or no floor found, the photo barely changed' : 'After: with a new hardwood floor', href: wood?.url ?? lead.processed_image_url },
        );
      }
      blocks.push(pictureNotQuote);
      return compose(`New floor visualizer request from ${lead.customer_name}`, 'New Snap & See Wood request', lead.email, blocks);
    }
    default:
      break;
  }
  throw new EmailNotComposable(`A ${kind} e-mail cannot be made from a ${lead.table} row`);
}

export function composeEmail(
  kind: EmailKind,
  lead: LeadRecord,
  recipient: string | null,
  context: EmailContext,
  facts: EmailRecipientFacts = {},
): Promise<ComposedEmail> | ComposedEmail {
  if (kind.startsWith('staff_')) {
    return staffEmail(kind, lead, context, facts.visitorUnsubscribedAt ?? null, facts.visitorAddressRefusedAt ?? null);
  }
  if (!recipient) throw new EmailNotComposable(`A ${kind} e-mail needs a recipient`);
  return visitorEmail(kind, lead, recipient, context, facts.unsubscribeLink ?? null);
}
