import { Icon } from '@/components/ui/icon';
import { Quote } from '@/components/ui/icons';

export type TestimonialCardProps = {
  quote: string;
  name: string;
  location: string;
  /** A short line about the job, e.g. 'Hardwood refinishing'. */
  project?: string;
  /**
   * Written for the layout, not said by anyone: the card says so (SAMPLE_TESTIMONIAL_NOTE). The FTC's rule on reviews
   * and testimonials (16 CFR 465.2) forbids showing one as a customer's; real words, with permission, drop the mark.
   */
  sample?: boolean;
  className?: string;
};

export const SAMPLE_TESTIMONIAL_NOTE = "Sample text, not a real customer's words.";

/** One customer's words: the quote, then who said it and where they live. */
export function TestimonialCard({ quote, name, location, project, sample = false, className = '' }: TestimonialCardProps) {
  return (
    <figure className={`relative rounded-2xl bg-white p-6 shadow-lg ring-1 ring-walnut-900/5 sm:p-10 ${className}`}>
      <Icon icon={Quote} aria-hidden="true" className="h-10 w-10 text-oak-400" />
      <blockquote className="mt-4 font-display text-lg leading-relaxed text-walnut-950 sm:text-2xl">
        <p>“{quote}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-walnut-900 font-display text-lg font-bold text-oak-200"
        >
          {name.charAt(0)}
        </span>
        <span>
          <span className="block font-semibold text-walnut-950">
            {name}, {location}
          </span>
          {project && <span className="block text-sm text-walnut-700">{project}</span>}
          {sample && <span className="block text-sm font-semibold text-walnut-700">{SAMPLE_TESTIMONIAL_NOTE}</span>}
        </span>
      </figcaption>
    </figure>
  );
}
