import { Camera, Clapperboard, Gift, Handshake, Sparkles, Timer } from '@/components/ui/icons';
import { business } from '@/config/business';
import { siteImages } from '@/content/site-images';
import { pageTexts } from '@/content/spec-texts';
import { referralDisclosure } from '@/content/referral-disclosure';
import type { PartnerProgram } from './partner-program';

const [headshots, studio, giveaways] = pageTexts.realtors.rewards;

export const realtorProgram: PartnerProgram = {
  meta: {
    title: `Realtor Referral Program | ${business.name}`,
    description:
      'Refer your buyers and sellers to a trusted South Jersey flooring and custom millwork team and earn free headshot sessions, content studio time, cooler giveaways and more.',
  },
  hero: {
    eyebrow: 'Realtor Referral Program',
    title: 'Refer Your Clients. Close Faster. Earn Rewards.',
    lead: `Partner with ${business.name}, the flooring and custom millwork team based in ${business.baseTown}. We help your listings show their best and your buyers love their new home, and we thank you for every referral.`,
    button: pageTexts.realtors.heroButton,
    image: siteImages.partnerRealtor,
  },
  why: {
    title: pageTexts.realtors.whyTitle,
    intro: 'A flooring partner who makes you look good in front of every client.',
    benefits: [
      {
        icon: Timer,
        title: 'Listings ready on your timeline',
        text: 'Fresh floors photograph and show better. We schedule around listing dates, inspections and closings so nothing slips.',
      },
      {
        icon: Handshake,
        title: 'A vendor you can vouch for',
        text: 'Locally owned, registered in New Jersey and insured. We show up when we say, keep the job site clean and treat your clients like neighbors.',
      },
      {
        icon: Sparkles,
        title: 'Perks that grow your brand',
        text: 'Every referral earns rewards that keep your marketing sharp, from professional headshots to studio time.',
      },
    ],
  },
  perks: {
    title: 'Your Referral Rewards',
    intro: 'Send clients our way and we send thanks your way. Partners enjoy:',
    items: [
      { icon: Camera, text: headshots },
      { icon: Clapperboard, text: studio },
      { icon: Gift, text: giveaways },
    ],
    disclosure: referralDisclosure,
  },
  // A sample written for the layout: the owner puts a real partner's words here, with permission, before going live
  // (the FTC's 16 CFR 465.2 forbids invented testimonials; README, decision 032); until then the card says it is a sample.
  testimonial: {
    quote:
      'I send every buyer who needs new floors to this team. They fit in around closings, the work is spotless, and my clients thank me for the referral. The headshot session was a great bonus.',
    name: 'Jessica M.',
    location: 'Cherry Hill',
    project: 'Realtor and referral partner',
    sample: true,
  },
  application: {
    id: 'realtor-application',
    title: pageTexts.realtors.applicationTitle,
    intro: `Tell us a little about you. We reply ${business.responsePromise} with program details and your welcome kit.`,
  },
};
