import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testimonials } from '@/features/home/content/testimonials';
import { investorProgram } from '@/features/partners/content/investor-program';
import { realtorProgram } from '@/features/partners/content/realtor-program';
import { SAMPLE_TESTIMONIAL_NOTE, TestimonialCard } from './testimonial-card';

/**
 * The openings of the five testimonials written for the layout (decision 032). Whoever replaces one writes new words,
 * which start otherwise; whoever drops the `sample` mark but keeps these words is stopped here.
 */
const WRITTEN_FOR_THE_LAYOUT = [
  'They took out the old carpet',
  'I flip three or four houses a year',
  'The diamond-pattern wainscoting',
  'I send every buyer',
  'On my last three flips',
];

describe('a testimonial card', () => {
  it('says under the name that a sample is not a real customer\'s words', () => {
    render(<TestimonialCard quote="A quote long enough to read as one." name="Karen" location="Cherry Hill" sample />);
    expect(screen.getByRole('figure')).toHaveTextContent("Karen, Cherry HillSample text, not a real customer's words.");
  });

  it('says nothing of the kind for a real one', () => {
    render(<TestimonialCard quote="A quote long enough to read as one." name="Karen" location="Cherry Hill" />);
    expect(screen.queryByText(SAMPLE_TESTIMONIAL_NOTE)).toBeNull();
  });

  it('is marked a sample wherever the words written for the layout are shown (16 CFR 465.2)', () => {
    const shown = [...testimonials, realtorProgram.testimonial, investorProgram.testimonial];
    const samples = shown.filter(({ quote }) => WRITTEN_FOR_THE_LAYOUT.some((opening) => quote.startsWith(opening)));
    expect(samples.length).toBeGreaterThan(0);
    for (const entry of samples) expect(entry, entry.quote).toMatchObject({ sample: true });
  });
});
