import type { ImgHTMLAttributes } from 'react';
import type { PictureRenditions } from '@contracts/image-renditions';

/**
 * How wide the result's pictures are on screen: the page's column (max-w-5xl less its padding) or the window less
 * its padding. The slider and the before/after pair use the same, so each copy is fetched once.
 */
export const RESULT_PICTURE_SIZES = '(min-width: 64rem) 62rem, calc(100vw - 2rem)';

export const webpSrcSet = (renditions: PictureRenditions) =>
  renditions.webp.map((copy) => `${copy.url} ${copy.width}w`).join(', ');

/**
 * Starts fetching the copies the result opens on (the default wood, then the photo) as soon as the webhook answers
 * with the finished render, while the page reads the row and lays out the result step: on a phone's slow 4G the
 * picture's download then overlaps that read instead of following it (decision 026). A `<link rel="preload">` with
 * the very srcset and sizes of ResultPicture's WebP source, so the browser picks the same copy and the picture
 * takes it from its cache. What is shown still comes from the row.
 */
export function preloadResultPictures(pictures: PictureRenditions[]): void {
  document.head.querySelectorAll('link[data-result-picture]').forEach((link) => link.remove());
  pictures.forEach((picture, index) => {
    const link = document.createElement('link');
    link.setAttribute('rel', 'preload');
    link.setAttribute('as', 'image');
    link.setAttribute('type', 'image/webp');
    link.setAttribute('imagesrcset', webpSrcSet(picture));
    link.setAttribute('imagesizes', RESULT_PICTURE_SIZES);
    // The slider's own picture is fetched with high priority (before-after-slider.tsx): its copy first here too.
    if (index === 0) link.setAttribute('fetchpriority', 'high');
    link.dataset.resultPicture = '';
    document.head.append(link);
  });
}

type ResultPictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  /** The full picture: shown only when there are no web-sized copies (a row rendered before they were made). */
  fullUrl: string;
  renditions: PictureRenditions | undefined;
};

/**
 * A result picture at the size the screen needs (issue 35): the browser picks the WebP copy for its width and
 * pixel density; the one JPEG copy (the e-mails' size) is the fallback where WebP is not taken. `display: contents`
 * keeps the image the box that the layout styles.
 */
export function ResultPicture({ fullUrl, renditions, ...image }: ResultPictureProps) {
  if (!renditions) return <img src={fullUrl} {...image} />;
  const { jpeg } = renditions;
  return (
    <picture className="contents">
      <source type="image/webp" srcSet={webpSrcSet(renditions)} sizes={RESULT_PICTURE_SIZES} />
      <img src={jpeg.url} width={jpeg.width} height={jpeg.height} {...image} />
    </picture>
  );
}
