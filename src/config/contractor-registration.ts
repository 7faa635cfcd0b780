/**
 * What New Jersey's Contractors' Registration Act asks a home improvement contractor to show the people it
 * advertises to and writes to (decision 031).
 *
 * - N.J.A.C. 13:45A-17.11(d)2: the contractor's registration number, prominently, on all advertisements distributed
 *   in the State (this website) and on business documents, contracts and correspondence with consumers (every
 *   e-mail). The number itself is the business's own setting, VITE_BUSINESS_NJ_HIC_REGISTRATION (settings.ts).
 * - N.J.S.A. 56:8-144, and the rule's amendment of 2008 (R.2008 d.232): the Division of Consumer Affairs'
 *   toll-free number on any invoice, contract or correspondence given to the consumer. Correspondence is the
 *   e-mails here; an advertisement is not in that list, so the pages do not carry it.
 */

/** How the number is introduced wherever it is shown. */
export const REGISTRATION_LABEL = 'NJ Home Improvement Contractor Reg. No.';

/** The Division's information line for consumers, as the rule prints it. */
export const CONSUMER_AFFAIRS_TOLL_FREE = '1-888-656-6225';

/** The sentence every e-mail to a visitor ends with. */
export const CONSUMER_AFFAIRS_NOTICE = `For information about contractors and the Contractors' Registration Act, contact the New Jersey Division of Consumer Affairs at ${CONSUMER_AFFAIRS_TOLL_FREE}.`;
