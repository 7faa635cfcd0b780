import type { LucideIconData } from 'lucide-react';
import type { SiteImage } from '@/content/site-images';

/** Everything that differs between the realtor and the investor page; the layout is the same (spec section 2). */
export type PartnerProgram = {
  meta: { title: string; description: string };
  hero: {
    eyebrow: string;
    title: string;
    lead: string;
    button: string;
    image: SiteImage;
  };
  why: { title: string; intro: string; benefits: readonly { icon: LucideIconData; title: string; text: string }[] };
  perks: {
    title: string;
    intro: string;
    items: readonly { icon: LucideIconData; text: string }[];
    /** Said under the perks of a program that rewards referrals (`referralDisclosure`). */
    disclosure?: string;
  };
  testimonial: { quote: string; name: string; location: string; project: string; sample?: true };
  application: { id: string; title: string; intro: string };
};
