import { Download, RotateCcw } from 'lucide-react';
import { type MouseEvent } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { pageTexts } from '@/content/spec-texts';
import { BeforeAfterSlider } from './before-after-slider';

export type VisualizerResult = { id: string; originalImageUrl: string; processedImageUrl: string };

/**
 * The images live on the storage host, another origin, where the `download` attribute is ignored; fetching
 * the file and saving it from a blob keeps the visitor on the page. If that is refused, the link just opens.
 */
async function saveFromBlob(event: MouseEvent<HTMLAnchorElement>, url: string, fileName: string) {
  event.preventDefault();
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Download failed with ${response.status}`);
    const blobUrl = URL.createObjectURL(await response.blob());
    const anchor = document.createElement('a');
    anchor.href = blobUrl;
    anchor.download = fileName;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(blobUrl), 1000);
  } catch {
    window.open(url, '_blank', 'noopener');
  }
}

function downloadName(url: string): string {
  const last = new URL(url, window.location.href).pathname.split('/').pop() ?? '';
  return last.includes('.') ? `hardwood-${last}` : 'hardwood-floor-preview.jpg';
}

/** Step 4: before and after, the slider, the download, and the two ways on. */
export function ResultStep({ result, onTryAnother }: { result: VisualizerResult; onTryAnother: () => void }) {
  const { originalImageUrl, processedImageUrl } = result;
  return (
    <section aria-labelledby="visualizer-result-title" className="space-y-8">
      <div className="space-y-2 text-center">
        <h2 id="visualizer-result-title" className="font-display text-2xl font-bold text-walnut-950 sm:text-3xl">
          Your room with hardwood floors
        </h2>
        <p className="text-walnut-800">Like what you see? We install it across South Jersey, usually within weeks.</p>
      </div>

      <BeforeAfterSlider beforeUrl={originalImageUrl} afterUrl={processedImageUrl} />

      <div className="grid gap-4 sm:grid-cols-2">
        <figure className="space-y-2">
          <img src={originalImageUrl} alt="Your original photo" className="aspect-[4/3] w-full rounded-lg object-cover shadow-sm" />
          <figcaption className="text-sm font-semibold text-walnut-800">Before</figcaption>
        </figure>
        <figure className="space-y-2">
          <img
            src={processedImageUrl}
            alt="Your room with a new hardwood floor"
            className="aspect-[4/3] w-full rounded-lg object-cover shadow-sm"
          />
          <figcaption className="text-sm font-semibold text-walnut-800">After</figcaption>
        </figure>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        <Link to="/#contact" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          {pageTexts.visualizer.quoteLink}
        </Link>
        <a
          href={processedImageUrl}
          download={downloadName(processedImageUrl)}
          onClick={(event) => void saveFromBlob(event, processedImageUrl, downloadName(processedImageUrl))}
          className={buttonClasses({ variant: 'outline', size: 'lg' })}
        >
          <Download aria-hidden="true" className="size-5" />
          Download result
        </a>
        <Button variant="ghost" size="lg" onClick={onTryAnother}>
          <RotateCcw aria-hidden="true" className="size-5" />
          {pageTexts.visualizer.tryAnother}
        </Button>
      </div>
    </section>
  );
}
