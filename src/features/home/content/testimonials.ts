/**
 * Sample testimonials (spec section 3: quote, name, location; three entries). They are written for the launch
 * layout; the owner replaces them with real customers' words, used with permission, before going live (the FTC's
 * rule on reviews and testimonials, 16 CFR 465.2, forbids invented ones; README, decision 032). Until then each is
 * marked `sample`, and its card says so: a real entry leaves the mark out.
 */
export type Testimonial = { quote: string; name: string; location: string; project: string; sample?: true };

export const testimonials = [
  {
    quote:
      'They took out the old carpet and laid luxury vinyl plank through our whole first floor in two days. The crew covered every doorway, vacuumed each evening, and the transitions into the kitchen are seamless.',
    name: 'Karen',
    location: 'Cherry Hill',
    project: 'Luxury vinyl plank, first floor',
    sample: true,
  },
  {
    quote:
      'I flip three or four houses a year in Gloucester County and they are the first call I make. Fair pricing, on schedule, and they show up when they say they will, which is rare.',
    name: 'Mike',
    location: 'Glassboro',
    project: 'Investor flips',
    sample: true,
  },
  {
    quote:
      'The diamond-pattern wainscoting in our dining room is the first thing guests notice. They helped us choose the layout, matched our trim, and the paint finish is flawless.',
    name: 'Dana',
    location: 'Moorestown',
    project: 'Elegant diamond wainscoting',
    sample: true,
  },
] as const satisfies readonly Testimonial[];
