/**
 * How the business answers a visitor's request about their data (the privacy page, "Your rights, and how to use
 * them"). The periods are the New Jersey Data Privacy Act's (N.J.S.A. 56:8-166.7: an answer within 45 days, and
 * 45 more when needed, said so within the first 45); the act sets no period for an appeal, and we promise the same.
 */
export const privacyRequests = {
  answerWithinDays: 45,
  extensionDays: 45,
  appealAnswerWithinDays: 45,
  /**
   * A request to stop texts (a STOP reply, or any other clear way) is honoured within this many business days at the
   * latest: the FCC's rule on revoking consent (47 CFR 64.1200(a)(10), in force since 2025-04-11). The site sends no
   * texts; staff who send them mark the stop on the row (README, "Texts").
   */
  textOptOutWithinBusinessDays: 10,
  /** Who enforces the act: where a visitor can complain when our answer to an appeal does not satisfy them. */
  regulator: { name: 'New Jersey Division of Consumer Affairs', url: 'https://www.njconsumeraffairs.gov/' },
} as const;

/**
 * What deletion on request (`npm run data:forget`) cannot reach, so staff do it by hand: the command prints these
 * steps as a checklist once it has deleted, and the privacy page promises the office inbox ("we delete them by
 * hand"). A test holds the page's promise to the first step.
 */
export const deletionStepsByHand = [
  'Office inbox: delete the staff notifications about this visitor (search the inbox STAFF_INBOX points to for their address).',
  'E-mail provider: nothing to do; its delivery records expire on their own period (the privacy page says so).',
  `Reply to the visitor, at the address they asked from, that their data is deleted, within ${privacyRequests.answerWithinDays} days of their request.`,
] as const;
