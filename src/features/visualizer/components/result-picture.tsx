import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
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

/** How many times a result picture is asked for in all, and the pause before asking again while online. */
export const RESULT_PICTURE_TRIES = 4;
export const RESULT_PICTURE_RETRY_MS = 2_000;

/**
 * A picture whose load failed is asked for again: once the browser is back online, or after a pause if it is online,
 * a few times in all (decision 058). A phone that lost its connection while the picture was asked for (its preload
 * at the webhook's answer) showed the slider's dark box in place of its new floor for good, the connection long back.
 */
function useAskedAgainAfterAFailure(picture: string) {
  const [tries, setTries] = useState({ picture, failed: 0 });
  const waiting = useRef<() => void>(undefined);
  const stopWaiting = () => {
    waiting.current?.();
    waiting.current = undefined;
  };
  useEffect(() => stopWaiting, []);
  // Another picture (another wood) starts with its own tries.
  const failed = tries.picture === picture ? tries.failed : 0;
  const onFailure = () => {
    if (failed + 1 >= RESULT_PICTURE_TRIES || waiting.current) return;
    const again = () => {
      stopWaiting();
      setTries({ picture, failed: failed + 1 });
    };
    if (navigator.onLine) {
      const timer = window.setTimeout(again, RESULT_PICTURE_RETRY_MS);
      waiting.current = () => window.clearTimeout(timer);
    } else {
      window.addEventListener('online', again);
      waiting.current = () => window.removeEventListener('online', again);
    }
  };
  return { attempt: failed, onFailure };
}

/**
 * A result picture at the size the screen needs (issue 35): the browser picks the WebP copy for its width and
 * pixel density; the one JPEG copy (the e-mails' size) is the fallback where WebP is not taken. `display: contents`
 * keeps the image the box that the layout styles. A failed load is asked again (a new element: the browser keeps no
 * failed image to hand back).
 */
export function ResultPicture({ fullUrl, renditions, onError, ...image }: ResultPictureProps) {
  const { attempt, onFailure } = useAskedAgainAfterAFailure(fullUrl);
  const failedToLoad: ImgHTMLAttributes<HTMLImageElement>['onError'] = (event) => {
    onFailure();
    onError?.(event);
  };
  if (!renditions) return <img key={attempt} src={fullUrl} {...image} onError={failedToLoad} />;
  const { jpeg } = renditions;
  return (
    <picture key={attempt} className="contents">
      <source type="image/webp" srcSet={webpSrcSet(renditions)} sizes={RESULT_PICTURE_SIZES} />
      <img src={jpeg.url} width={jpeg.width} height={jpeg.height} {...image} onError={failedToLoad} />
    </picture>
  );
}
