import { useEffect, useState } from 'react';

/** The chosen photo, shown from an object URL that is released when the photo changes or the preview goes. */
export function PhotoPreview({ file, className = '' }: { file: File; className?: string }) {
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  if (!url) return null;
  return <img src={url} alt={`Your photo: ${file.name}`} className={`rounded-lg object-cover ${className}`} />;
}
