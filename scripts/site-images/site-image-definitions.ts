// The list of site images: file name, alt text and the renderer that paints the master.
// Alt texts describe what a visitor would see, since they stand in for the picture. Each begins "Illustration of":
// every picture here is drawn by code, none is a photo of the business's jobs, and a visitor who hears the picture
// should know that as well as one who sees it (site-image-definitions.test.ts; README, "What only the owner can make
// true": real photos of real jobs replace these, with alt texts of their own).

import type { AvifSettings } from './encode-variants.ts';
import { renderHeroRoom } from './scenes/hero-room.ts';
import { renderBoldStatement, renderElegantDiamond, renderModernGeometric } from './scenes/wainscot-walls.ts';
import { renderPartnerInvestor, renderPartnerRealtor } from './scenes/partner-rooms.ts';
import { renderCarpetTile, renderCommercial, renderHardwood, renderLuxuryVinylPlank } from './scenes/service-cards.ts';

export interface SiteImageDefinition {
  /** kebab-case file stem; the manifest key is its camelCase form. */
  name: string;
  alt: string;
  render: () => Promise<Buffer>;
  /** AVIF settings other than the defaults in encode-variants.ts. */
  avif?: AvifSettings;
}

export const siteImageDefinitions: readonly SiteImageDefinition[] = [
  {
    name: 'hero-room',
    alt: 'Illustration of a bright living room with a newly installed warm white-oak plank floor, a linen sofa and sunlight falling across the boards from a large window',
    render: renderHeroRoom,
    // The home page's largest paint on a phone: its 800 px AVIF goes from 14.8 to 12.1 KB at quality 55 and the
    // slowest effort, with no difference to see side by side at twice the size (sofa, rug edge, board grain).
    avif: { quality: 55, effort: 9 },
  },
  {
    name: 'service-luxury-vinyl-plank',
    alt: 'Illustration of wide grey-oak luxury vinyl planks, close up, with embossed grain and bevelled edges, running to a white baseboard',
    render: renderLuxuryVinylPlank,
  },
  {
    name: 'service-hardwood',
    alt: 'Illustration of a rich brown oak strip hardwood floor with staggered joints, warmed by afternoon sunlight through a window',
    render: renderHardwood,
  },
  {
    name: 'service-carpet-tile',
    alt: 'Illustration of plush greige carpet meeting large light porcelain floor tiles at a brushed metal transition strip',
    render: renderCarpetTile,
  },
  {
    name: 'service-commercial',
    alt: 'Illustration of an open-plan office: rows of desks with monitors on charcoal quarter-turn carpet tiles, a large-format porcelain tile walkway down the middle, floor-to-ceiling windows and linear ceiling lights',
    render: renderCommercial,
  },
  {
    name: 'wainscot-modern-geometric',
    alt: 'Illustration of a sage-green accent wall with modern geometric battens: evenly spaced verticals joined by diagonals forming chevrons, above a white-oak floor',
    render: renderModernGeometric,
  },
  {
    name: 'wainscot-bold-statement',
    alt: 'Illustration of a deep charcoal-navy board-and-batten grid running floor to ceiling, lit by two warm brass wall sconces',
    render: renderBoldStatement,
  },
  {
    name: 'wainscot-elegant-diamond',
    alt: 'Illustration of classic white wainscoting with a chair rail and picture-frame panels holding inset diamonds, below tall frames on a soft blue-grey wall',
    render: renderElegantDiamond,
  },
  {
    name: 'partner-realtor',
    alt: 'Illustration of a listing-ready staged living room with a navy sofa, soft rug and new greige plank flooring in bright daylight',
    render: renderPartnerRealtor,
  },
  {
    name: 'partner-investor',
    alt: 'Illustration of a renovation in progress: new oak-look planks being installed over the subfloor, with cartons of flooring stacked in the room',
    render: renderPartnerInvestor,
  },
];
