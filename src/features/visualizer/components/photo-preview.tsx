import { Icon } from '@/components/ui/icon';
import { ImageOff } from '@/components/ui/icons';
import { useEffect, useState } from 'react';

/**
 * Formats every browser shows: one of these that does not show is damaged (or not what its name says), not something
 * this browser lacks, and the processor will refuse it too.
 */
const SHOWN_BY_EVERY_BROWSER: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * The chosen photo, shown from an object URL that is released when the photo changes or the preview goes.
 * A photo the browser cannot show (an iPhone's HEIC in Chrome or Firefox, which the processor still reads)
 * gets a plain panel saying so instead of a broken-image icon (its name is shown beside it).
 */
export function PhotoPreview({ file, className = '' }: { file: File; className?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [unshowable, setUnshowable] = useState(false);

  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    setUnshowable(false);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  if (!url) return null;
  if (unshowable) {
    return (
      <div
        role="img"
        aria-label={`Your photo: ${file.name}`}
        className={`flex flex-col items-center justify-center gap-2 rounded-lg p-4 text-center text-sm text-walnut-800 ${className}`}
      >
        <Icon icon={ImageOff} aria-hidden="true" className="size-8 text-walnut-600" />
        <span>
          {SHOWN_BY_EVERY_BROWSER.includes(file.type)
            ? "We can't show this photo: the file may be damaged. You can send it anyway, or go Back and choose another."
            : 'This browser cannot show a preview of this photo.'}
        </span>
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={`Your photo: ${file.name}`}
      onError={() => setUnshowable(true)}
      className={`rounded-lg object-cover ${className}`}
    />
  );
}
