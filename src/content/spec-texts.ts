import { business } from '@/config/business';

/**
 * Every toast and fixed text the spec quotes, in one catalogue (spec sections 2, 4, 5, 8 and 9). Pages and
 * toasts read from here, and spec-texts.test.ts holds this module against the spec's own words, so a change
 * of wording is a change of the spec. `{phone}` and `{email}` are the business config's.
 */

/** Toast durations (spec section 9), in milliseconds. */
export const TOAST_DURATION_MS = { loading: 2000, success: 5000, failure: 6000 } as const;

export const toasts = {
  contactLoading: {
    title: 'Sending your message...',
    description: 'Please wait while we process your request.',
    duration: TOAST_DURATION_MS.loading,
  },
  contactSuccess: {
    title: "Message received! We'll be in touch soon.",
    description: 'Thanks for contacting the company. We typically respond within 1 business day.',
    duration: TOAST_DURATION_MS.success,
  },
  contactFailure: {
    title: 'Submission failed',
    description: `We couldn't process your request right now. Please call us at ${business.phone} or try again.`,
    duration: TOAST_DURATION_MS.failure,
  },
  leadSuccess: {
    title: 'Success! Your free flooring guide is on its way to your inbox!',
    description: 'Check your email (and spam folder) for expert tips from our flooring pros.',
    duration: TOAST_DURATION_MS.success,
  },
  leadFailure: {
    title: 'Oops! Something went wrong',
    description: `We couldn't send your guide right now. Please try again or call us at ${business.phone}.`,
    duration: TOAST_DURATION_MS.failure,
  },
  realtorSuccess: {
    title:
      "Welcome to the team! We'll be in touch soon with program details and your welcome kit. Get ready to start earning rewards!",
    duration: TOAST_DURATION_MS.success,
  },
  investorSuccess: {
    title:
      "Welcome to the investor program! We'll be in touch soon with exclusive deals and ambassador program details. Get ready to save and earn!",
    duration: TOAST_DURATION_MS.success,
  },
  partnerFailure: {
    title: 'Application failed',
    description: `We couldn't process your application right now. Please email us directly at ${business.email} or try again.`,
    duration: TOAST_DURATION_MS.failure,
  },
  visualizerFileTooLarge: {
    title: 'File too large',
    description: 'Please select an image smaller than 10MB',
    duration: TOAST_DURATION_MS.failure,
  },
  visualizerStarted: {
    title: 'Processing started',
    description: 'Your image is being processed. This may take a few moments.',
    duration: TOAST_DURATION_MS.success,
  },
  visualizerError: {
    title: 'Error',
    descriptions: {
      default: 'Failed to process your image. Please try again.',
      storage: 'Storage setup issue. Please contact support.',
      network: 'Network error. Please check your connection and try again.',
    },
    duration: TOAST_DURATION_MS.failure,
  },
  visualizerTimeout: {
    title: 'Processing timeout',
    description: 'Image processing is taking longer than expected. Please try again later.',
    duration: TOAST_DURATION_MS.failure,
  },
} as const;

/** Fixed texts of the pages (spec section 2), verbatim. */
export const pageTexts = {
  notFound: { message: 'Oops! Page not found', homeLink: 'Return to Home' },
  routerError: { title: 'Unexpected Application Error!' },
  home: {
    heroButton: 'Request Free Estimate',
    whyUsPoints: [
      'Locally Owned & Operated',
      'Fast, Clean, and Professional',
      'Investor & Builder Friendly',
      'Licensed & Insured',
      'Flooring for Every Budget',
    ],
    solutionsTitle: 'Flooring Solutions for Every Space',
    solutionCards: ['Luxury Vinyl Plank', 'Hardwood', 'Carpet & Tile', 'Commercial'],
    wainscotingTitle: 'Custom Wainscoting & Accent Walls',
    wainscotingGallery: ['Modern Geometric Patterns', 'Bold Statement Walls', 'Elegant Diamond Designs'],
    wainscotingBenefits: ['Instant WOW Factor', 'Increased Home Value', 'Completely Customizable'],
    wainscotingButton: 'Request a Quote',
    audienceTitle: 'Built for Homeowners, Investors, and Pros',
    audienceCards: ['Homeowners', 'Investors / Flippers', 'Builders / GCs', 'Realtors'],
    realtorBannerLink: 'Join the program & start referring today!',
    contactTitle: 'Ready to Upgrade Your Floors?',
    contactFormTitle: 'Get Your Free Estimate',
    contactCardTitle: 'Get in Touch',
    proTipsButton: 'Get Free Pro Tips',
    footerLinks: ['Privacy Policy', 'Terms of Service', 'Sitemap'],
  },
  leadMagnet: {
    title: 'Free Flooring Guide',
    guideName: '5 Pro Tips to Choose the Right Floors (And Save Money Doing It)',
    submitButton: 'Get My Free Guide',
    thankYouTitle: 'Thank You',
  },
  realtors: {
    heroButton: 'Join the Program',
    whyTitle: 'Why Realtors Love Working With Us',
    /** The spec's rewards, in its words (the page capitalises each line). */
    rewards: ['free headshot sessions', '1 hour in the content creation studio', 'cooler giveaways and more'],
    applicationTitle: 'Become a Partner',
    nameLabel: 'Full Name',
  },
  investors: {
    applicationTitle: 'Become an Investor Partner',
    discountClaim: '10-25% off retail',
    /** The spec's benefits list, in its words (the page capitalises each line). */
    benefits: [
      'bulk discount pricing (10-25% off retail)',
      'exclusive deal alerts and clearance access',
      'ambassador rewards for referrals',
      'priority scheduling',
    ],
  },
  visualizer: {
    title: 'Snap & See Wood',
    supportedFormats: 'Supported formats: JPG, PNG, WEBP (Max 10MB)',
    processButton: 'Process Image',
    quoteLink: 'Get Free Quote',
    tryAnother: 'Try Another Photo',
    processingFailure: 'Failed to process image',
  },
  submitting: 'Submitting...',
} as const;
