import { Icon } from '@/components/ui/icon';
import { ChevronLeft, ChevronRight } from '@/components/ui/icons';
import { useState, type KeyboardEvent } from 'react';
import { TestimonialCard, type TestimonialCardProps } from '@/components/testimonial-card';
import { useFirstAnswerMark, useFirstAnswerSlide } from '@/lib/first-answers';

type TestimonialsCarouselProps = { items: readonly TestimonialCardProps[]; label: string };

/**
 * Spec section 4, testimonial carousel: starts at the first entry; next wraps last to first, previous wraps
 * first to last, a dot jumps to its entry. It never moves by itself, so it needs no pause control. The slide
 * sits in a polite live region, so a screen reader hears the new quote after each move; the arrow keys move
 * it too while focus is on one of its controls.
 */
export function TestimonialsCarousel({ items, label }: TestimonialsCarouselProps) {
  const count = items.length;
  // The first slide; the build also renders each later one, for the page's answers before the app is up.
  const [active, setActive] = useState(useFirstAnswerSlide() % Math.max(count, 1));
  const mark = useFirstAnswerMark('carousel');
  const show = (index: number) => setActive(((index % count) + count) % count);
  const current = items[active];

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      show(active + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      show(active - 1);
    }
  }

  if (!current) return null;

  return (
    <div role="region" aria-roledescription="carousel" aria-label={label} onKeyDown={handleKeyDown}>
      <div aria-live="polite" aria-atomic="true">
        <div role="group" aria-roledescription="slide" aria-label={`${active + 1} of ${count}`}>
          <TestimonialCard key={active} {...current} />
        </div>
      </div>

      <div className="mt-8 flex items-center justify-center gap-4">
        <button
          type="button"
          onClick={() => show(active - 1)}
          {...mark}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white text-walnut-900 shadow ring-1 ring-walnut-900/10 hover:bg-oak-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-oak-500"
        >
          <Icon icon={ChevronLeft} aria-hidden="true" className="h-5 w-5" />
          <span className="sr-only">Previous testimonial</span>
        </button>
        <div className="flex items-center gap-1">
          {items.map((item, index) => (
            <button
              key={`${item.name}-${item.location}`}
              type="button"
              aria-label={`Show testimonial ${index + 1} of ${count}`}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => show(index)}
              {...mark}
              className="group inline-flex h-11 w-11 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-oak-500"
            >
              <span
                aria-hidden="true"
                className={`block h-3 rounded-full transition-all motion-reduce:transition-none ${
                  index === active ? 'w-7 bg-walnut-900' : 'w-3 bg-walnut-900/25 group-hover:bg-walnut-900/50'
                }`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => show(active + 1)}
          {...mark}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white text-walnut-900 shadow ring-1 ring-walnut-900/10 hover:bg-oak-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-oak-500"
        >
          <Icon icon={ChevronRight} aria-hidden="true" className="h-5 w-5" />
          <span className="sr-only">Next testimonial</span>
        </button>
      </div>
    </div>
  );
}
