import { BadgePercent, BellRing, CalendarClock, Hammer, PiggyBank, Timer, Trophy } from '@/components/ui/icons';
import { business } from '@/config/business';
import { siteImages } from '@/content/site-images';
import { pageTexts } from '@/content/spec-texts';
import { referralDisclosure } from '@/content/referral-disclosure';
import type { PartnerProgram } from './partner-program';

const [bulkPricing, dealAlerts, ambassadorRewards, priorityScheduling] = pageTexts.investors.benefits;

export const investorProgram: PartnerProgram = {
  meta: {
    title: `Investor Partner Program | ${business.name}`,
    description: `Bulk discount pricing (${pageTexts.investors.discountClaim}), exclusive deal alerts, clearance access and priority scheduling for South Jersey real estate investors and flippers.`,
  },
  hero: {
    eyebrow: 'Investor Partner Program',
    title: 'Better Floors. Better Margins. Faster Flips.',
    lead: `Flippers, landlords and builders across South Jersey count on ${business.name} for durable floors at investor pricing, installed fast so your property gets to market sooner.`,
    button: pageTexts.realtors.heroButton,
    image: siteImages.partnerInvestor,
  },
  why: {
    title: 'Why Investors Partner With Us',
    intro: 'One flooring team that understands budgets, timelines and resale value.',
    benefits: [
      {
        icon: PiggyBank,
        title: 'Protect your margins',
        text: 'Contractor pricing on LVP, hardwood, carpet and tile, with honest quotes and no surprise change orders.',
      },
      {
        icon: Timer,
        title: 'Fast, reliable turnarounds',
        text: 'Crews that hit your schedule between trades, so every day on the market counts.',
      },
      {
        icon: Hammer,
        title: 'Finishes that sell',
        text: 'From rental-grade LVP to custom wainscoting and accent walls that make a listing stand out.',
      },
    ],
  },
  perks: {
    title: 'Investor Partner Benefits',
    intro: 'Partners get more out of every project:',
    items: [
      { icon: BadgePercent, text: bulkPricing },
      { icon: BellRing, text: dealAlerts },
      { icon: Trophy, text: ambassadorRewards },
      { icon: CalendarClock, text: priorityScheduling },
    ],
    disclosure: referralDisclosure,
  },
  // A sample written for the layout: the owner puts a real partner's words here, with permission, before going live
  // (the FTC's 16 CFR 465.2 forbids invented testimonials; README, decision 032); until then the card says it is a sample.
  testimonial: {
    quote:
      'On my last three flips their investor pricing saved me thousands, and they fit me in the same week. The LVP was the first thing buyers mentioned at the open house.',
    name: 'Marcus T.',
    location: 'Glassboro',
    project: 'Real estate investor, three flips with us',
    sample: true,
  },
  application: {
    id: 'investor-application',
    title: pageTexts.investors.applicationTitle,
    intro: `Tell us about your company and projects. We reply ${business.responsePromise} with exclusive deals and ambassador program details.`,
  },
};
