import { preload } from 'react-dom';
import type { SiteImage } from '@/content/site-images';

export interface ResponsiveImageProps {
  image: SiteImage;
  /** The rendered width at each breakpoint, so the browser picks the smallest file that is sharp enough. */
  sizes: string;
  /** For the above-the-fold image (the hero): fetched first and not lazy, so it does not delay LCP. */
  priority?: boolean;
  className?: string;
  /** Override the manifest's alt text, e.g. '' when the image is decorative next to a caption. */
  alt?: string;
}

/**
 * A generated site image as <picture>: AVIF at every width, with intrinsic size to avoid layout shift. A browser
 * without AVIF (old Safari) gets the 800 px WebP of `src`: a WebP srcset as well cost 160 bytes of the home page's
 * first round trip, which is all the page has to spare (decision 011).
 */
export function ResponsiveImage({ image, sizes, priority = false, className, alt }: ResponsiveImageProps) {
  // The priority image is asked for from <head> (React puts the preload there), at the size this layout shows.
  if (priority) {
    preload(image.fallback, {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: image.sources.avif,
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  return (
    <picture>
      <source type="image/avif" srcSet={image.sources.avif} sizes={sizes} />
      <img
        src={image.fallback}
        alt={alt ?? image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'auto' : 'async'}
        fetchPriority={priority ? 'high' : undefined}
        className={className}
      />
    </picture>
  );
}
