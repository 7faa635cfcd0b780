/** The stored rows the e-mails are about, as the e-mail worker reads them (service role, all columns). */
/**
 * What a form's row says the visitor agreed to about their phone (decision 021): the version of the consent words
 * they were shown, or null when none were (an API call, a page from before them: call, but do not text).
 */
export type PhoneConsent = { phone_consent_version?: string | null };
export type ContactRecord = { table: 'contacts'; id: string; created_at: Date; name: string; email: string; phone: string; message: string } & PhoneConsent;
/**
 * `guide_sent`: false when the database held the guide back as it stored the row (migration 20261209300000); the
 * page then told the visitor no guide was sent. Absent in rows made before that, and in tests' rows: taken as sent.
 */
export type GuideLeadRecord = { table: 'leads'; id: string; created_at: Date; email: string; guide_sent?: boolean };
export type RealtorRecord = {
  table: 'realtors';
  id: string;
  created_at: Date;
  name: string;
  email: string;
  phone: string;
  brokerage: string;
  instagram: string | null;
} & PhoneConsent;
export type InvestorRecord = {
  table: 'investors';
  id: string;
  created_at: Date;
  name: string;
  email: string;
  phone: string;
  company: string;
  investment_focus: string | null;
  /** The optional box for deal-alert texts (marketing) was ticked. */
  marketing_texts_consent?: boolean;
} & PhoneConsent;
export type VisualizerRequestRecord = {
  table: 'floor_visualizer_requests';
  id: string;
  created_at: Date;
  customer_name: string;
  email: string;
  status: string;
  original_image_url: string | null;
  processed_image_url: string | null;
  /** Web-sized copies with signed links (contracts/image-renditions.ts); `{}` for rows rendered before them. */
  image_renditions?: unknown;
  failure_reason: string | null;
  /** Rugs and carpet in the latest render (issue 23); null, with `rug_share`, when no choice was made. */
  rug_choice: 'keep' | 'replace' | null;
  rug_share: number | null;
  /** How often the visitor switched between the two: 0 means the photo's default stands. */
  rug_choices_used: number;
  /** The share of the photo laid with wood in the latest render (0..1); null before it is rendered. */
  floor_share?: number | null;
  /** Wood style id → full picture of the latest render (the default's is `processed_image_url` too). */
  style_image_urls?: Record<string, string> | null;
  /** The wood the visitor last showed on the result step (decision 046); null when they picked none. */
  wood_style?: string | null;
};

export type LeadRecord = ContactRecord | GuideLeadRecord | RealtorRecord | InvestorRecord | VisualizerRequestRecord;

export type LeadTable = LeadRecord['table'];

export const LEAD_TABLES: readonly LeadTable[] = ['contacts', 'leads', 'realtors', 'investors', 'floor_visualizer_requests'];

export type EmailKind =
  | 'guide'
  | 'estimate_confirmation'
  | 'realtor_welcome'
  | 'investor_welcome'
  | 'visualizer_result'
  | 'staff_contact'
  | 'staff_guide'
  | 'staff_realtor'
  | 'staff_investor'
  | 'staff_visualizer';

/**
 * The e-mails that advertise (the guide and the two welcomes: deals, discounts, estimates): commercial e-mail under
 * CAN-SPAM. They carry an unsubscribe link and RFC 8058 one-click headers, and a mailbox that unsubscribed gets none
 * of them. The others answer what the visitor asked for (estimate confirmation, visualizer result) or go to staff.
 * The database's back_office.is_marketing_email says the same (tests/integration/email-unsubscribe.test.ts).
 */
export const MARKETING_EMAIL_KINDS: readonly EmailKind[] = ['guide', 'realtor_welcome', 'investor_welcome'];

export const isMarketingEmail = (kind: EmailKind) => MARKETING_EMAIL_KINDS.includes(kind);
