import { business } from '@/config/business';
import { siteUrl } from '@/config/site';

/** The share images (1200×630), made by scripts/make-share-images.ts from the site's own pictures. */
export const SHARE_IMAGES = {
  home: '/images/share/home.jpg',
  realtors: '/images/share/realtors.jpg',
  investors: '/images/share/investors.jpg',
  visualizer: '/images/share/floor-visualizer.jpg',
} as const;

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

type PageHeadProps = {
  title: string;
  description: string;
  /** The page's own path: its canonical URL and og:url. */
  path: string;
  image: string;
  imageAlt: string;
};

/**
 * A page's title, description, canonical URL and share tags (Open Graph and Twitter). React 19 hoists these
 * into <head>, so the prerendered HTML carries them and a client-side navigation swaps them.
 */
export function PageHead({ title, description, path, image, imageAlt }: PageHeadProps) {
  const url = siteUrl(path);
  const imageUrl = siteUrl(image);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={business.name} />
      <meta property="og:locale" content="en_US" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:width" content={String(SHARE_IMAGE_SIZE.width)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE_SIZE.height)} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={imageAlt} />
    </>
  );
}
