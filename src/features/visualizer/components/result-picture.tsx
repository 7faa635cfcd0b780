import type { ImgHTMLAttributes } from 'react';
import type { PictureRenditions } from '@contracts/image-renditions';

/**
 * How wide the result's pictures are on screen: the page's column (max-w-5xl less its padding) or the window less
 * its padding. The slider and the before/after pair use the same, so each copy is fetched once.
 */
export const RESULT_PICTURE_SIZES = '(min-width: 64rem) 62rem, calc(100vw - 2rem)';

export const webpSrcSet = (renditions: PictureRenditions) => renditions.webp.map((copy) => `${copy.url} ${copy.width}w`).join(', ');

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
