/**
 * The free flooring guide the lead-magnet modal promises: "5 Pro Tips to Choose the Right Floors (And Save
 * Money Doing It)". One source for the PDF and the e-mail that carries it. The three topics the modal lists
 * (kids, pets, basements and kitchens; where to spend and where to save; questions for any installer) are
 * tips 1, 2 and 5.
 */
export const GUIDE_TITLE = '5 Pro Tips to Choose the Right Floors (And Save Money Doing It)';

export const GUIDE_FILE_NAME = '5-pro-tips-to-choose-the-right-floors.pdf';

export const GUIDE_INTRO =
  'New floors are one of the few upgrades you walk on every day, and one of the easiest to get wrong. ' +
  'These are the five things we talk through with every homeowner, investor and builder before anyone ' +
  'opens a box of flooring.';

export type GuideTip = { title: string; body: string; checklist: readonly string[] };

export const GUIDE_TIPS: readonly GuideTip[] = [
  {
    title: 'Choose for the room, not the showroom',
    body:
      'Start with what the room has to survive. Basements and slab floors see moisture from below, so solid ' +
      'hardwood is out there; luxury vinyl plank (LVP) or engineered wood rated for below grade is in. ' +
      'Kitchens, laundry rooms and baths need a surface that shrugs off spills: waterproof LVP or tile. ' +
      'Kids and pets mean scratches and accidents, so look at scratch resistance and a matte, textured ' +
      'finish that hides wear. Bedrooms and living rooms are where hardwood and carpet shine.',
    checklist: [
      'Below grade or on a slab: LVP, tile or engineered wood, never solid hardwood',
      'Wet areas: waterproof (not just "water resistant") products',
      'Pets: scratch-resistant wear layer, low-sheen finish',
    ],
  },
  {
    title: 'Budget the whole job, not the price per square foot',
    body:
      'The sticker price of the material is often half the real cost. Add removal and disposal of the old ' +
      'floor, subfloor repair and leveling, underlayment, stair treads, transitions and trim, and 5 to 10 ' +
      'percent extra material for cuts (10 to 15 percent for diagonal or herringbone layouts). Spend where ' +
      'feet and water hit hardest, such as kitchens, entries and stairs, and save in bedrooms and closets, where ' +
      'a mid-range product lasts just as long.',
    checklist: [
      'Ask for an itemized written estimate: material, labor, prep, trim, removal',
      'Order all material from one production lot, plus one spare box for future repairs',
      'Put premium material where traffic and water are; save in low-traffic rooms',
    ],
  },
  {
    title: 'Check what is underneath before you pick what goes on top',
    body:
      'Most flooring failures start below the floor. Squeaks, soft spots and dips mean the subfloor needs ' +
      'attention first, and click-together floors need a flat base (typically within 3/16 inch over 10 feet) ' +
      'or their joints will open. Concrete should be moisture-tested before anything is glued or floated on it. ' +
      'Fixing the base costs a little now; replacing a buckled floor costs it all again.',
    checklist: [
      'Walk the room in socks: note every squeak, bounce and dip',
      'Moisture-test concrete slabs and basements',
      'Make sure leveling and repairs are in the estimate, not a surprise later',
    ],
  },
  {
    title: 'Respect South Jersey seasons and refinish before you replace',
    body:
      'Our humid summers and dry, heated winters make wood swell and shrink. Let wood flooring acclimate in ' +
      'the home as its maker specifies, keep indoor humidity between about 35 and 55 percent, and leave the ' +
      'expansion gaps your installer insists on. And if you already have hardwood under that carpet or worn ' +
      'finish, a sand-and-refinish usually costs a fraction of new floors and can change the color completely.',
    checklist: [
      'Acclimate wood as the manufacturer says, with the heat or air conditioning running',
      'A humidifier in winter protects wood floors (and your trim)',
      'Ask whether your existing hardwood can be refinished before you buy new',
    ],
  },
  {
    title: 'Ask every installer these questions before you sign',
    body:
      'A great product installed badly is a bad floor. Before you sign, ask: Are you registered as a home ' +
      'improvement contractor in New Jersey, and insured? Who will actually do the work? What prep is ' +
      'included, and who moves furniture and removes the old floor? How long is your labor warranty, and does ' +
      'the installation follow the manufacturer\'s instructions, so the product warranty stays valid? Clear, ' +
      'written answers are the best predictor of a job that goes smoothly.',
    checklist: [
      'NJ home improvement contractor registration number and proof of insurance',
      'Written labor warranty, and installation to the manufacturer\'s specifications',
      'A start date, a finish date and a payment schedule in writing',
    ],
  },
];
