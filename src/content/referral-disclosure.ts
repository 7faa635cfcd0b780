/**
 * What the business tells its partners about the rewards it gives for referrals (decision 032, session 30). A realtor
 * or investor who recommends the business, to a client or in a post, while taking its rewards has a connection the
 * listener does not expect; the FTC's Endorsement Guides ask it to be disclosed clearly (16 CFR 255.5: free or
 * discounted products and other benefits count, whether or not an endorsement is asked for), and an advertiser can be
 * liable for its endorsers' undisclosed connections. So the programs' pages, where the rewards are offered, and their
 * welcome e-mails say it to every partner.
 */
export const referralDisclosure =
  'When you recommend us to anyone, in person or in a post, tell them we reward you for referrals: the Federal Trade Commission asks anyone rewarded for a recommendation to say so.';
