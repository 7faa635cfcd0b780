import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { business } from '@/config/business';
import { renderWithProviders } from '@/testing/render';
import { testimonials } from '../content/testimonials';
import { TestimonialsCarousel } from './testimonials-carousel';

const [first, second, third] = testimonials;

function renderCarousel() {
  const view = renderWithProviders(<TestimonialsCarousel items={testimonials} label="Customer testimonials" />);
  const carousel = screen.getByRole('region', { name: 'Customer testimonials' });
  const slide = () => within(carousel).getByRole('group');
  return { ...view, carousel, slide };
}

describe('the testimonials carousel', () => {
  it('has three entries, each with a quote, a first name and a town from the service area', () => {
    expect(testimonials).toHaveLength(3);
    for (const entry of testimonials) {
      expect(entry.quote.length).toBeGreaterThan(40);
      expect(entry.name).toMatch(/^[A-Z][a-z]+$/);
      expect(business.serviceAreas.flatMap((area) => area.towns)).toContain(entry.location);
    }
  });

  it('starts at the first entry, announced politely as a carousel slide', () => {
    const { carousel, slide } = renderCarousel();
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(slide()).toHaveAttribute('aria-roledescription', 'slide');
    expect(slide()).toHaveAccessibleName('1 of 3');
    expect(slide().closest('[aria-live="polite"]')).not.toBeNull();
    expect(slide()).toHaveTextContent(first.quote);
    expect(slide()).toHaveTextContent(`${first.name}, ${first.location}`);
  });

  // 16 CFR 465.2: a testimonial written for the layout must not pass for a customer's (decision 032, session 28).
  it('says of each sample entry, as it shows it, that it is not a real customer\'s words', async () => {
    const { user, slide } = renderCarousel();
    const next = screen.getByRole('button', { name: 'Next testimonial' });
    for (const entry of testimonials) {
      expect(slide()).toHaveTextContent(entry.quote);
      if (entry.sample) expect(within(slide()).getByText("Sample text, not a real customer's words.")).toBeVisible();
      await user.click(next);
    }
  });

  it('moves next and wraps from the last entry to the first', async () => {
    const { user, slide } = renderCarousel();
    const next = screen.getByRole('button', { name: 'Next testimonial' });
    await user.click(next);
    expect(slide()).toHaveTextContent(second.quote);
    await user.click(next);
    expect(slide()).toHaveTextContent(third.quote);
    await user.click(next);
    expect(slide()).toHaveTextContent(first.quote);
    expect(slide()).toHaveAccessibleName('1 of 3');
  });

  it('moves previous and wraps from the first entry to the last', async () => {
    const { user, slide } = renderCarousel();
    const previous = screen.getByRole('button', { name: 'Previous testimonial' });
    await user.click(previous);
    expect(slide()).toHaveTextContent(third.quote);
    expect(slide()).toHaveAccessibleName('3 of 3');
    await user.click(previous);
    expect(slide()).toHaveTextContent(second.quote);
  });

  it('jumps to the entry of the dot that is pressed, and marks that dot as current', async () => {
    const { user, slide } = renderCarousel();
    const dots = screen.getAllByRole('button', { name: /^Show testimonial/ });
    expect(dots).toHaveLength(3);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');

    await user.click(dots[2]!);
    expect(slide()).toHaveTextContent(third.quote);
    expect(dots[2]).toHaveAttribute('aria-current', 'true');
    expect(dots[0]).not.toHaveAttribute('aria-current');

    await user.click(dots[1]!);
    expect(slide()).toHaveTextContent(second.quote);
  });

  it('works from the keyboard: Tab to the controls, Enter/Space to press, arrow keys to move', async () => {
    const { user, slide } = renderCarousel();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Previous testimonial' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(slide()).toHaveTextContent(third.quote);
    await user.keyboard('{ArrowRight}');
    expect(slide()).toHaveTextContent(first.quote);
    await user.keyboard('{ArrowLeft}');
    expect(slide()).toHaveTextContent(third.quote);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Show testimonial 2 of 3' })).toHaveFocus();
    await user.keyboard(' ');
    expect(slide()).toHaveTextContent(second.quote);
  });
});
