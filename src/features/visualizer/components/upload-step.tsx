import { Icon } from '@/components/ui/icon';
import { Camera, ImagePlus, Upload } from '@/components/ui/icons';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { pageTexts } from '@/content/spec-texts';

/**
 * Step 1: a photo by drag and drop, the file picker, or (on phones) the camera. The page decides whether the
 * file is acceptable; this step only hands it over.
 */
export function UploadStep({
  onFile,
  error,
  refusal = 0,
  chosen = null,
  onContinue,
}: {
  onFile: (file: File) => void;
  error: string | null;
  /**
   * How many files were refused so far. The alert is made anew for each: a screen reader reads an alert when it
   * appears or its words change, so a second text file (or empty one) refused with the same words was met by silence
   * while focus stayed on "Choose a photo" (journeys3, session 34).
   */
  refusal?: number;
  /** The photo chosen before the visitor came back to this step (Back): kept, and offered again. */
  chosen?: File | null;
  onContinue?: () => void;
}) {
  const pickerId = useId();
  const cameraId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);
  const problem = useRef<HTMLParagraphElement>(null);

  // The words go under the box, which on a 360 px phone runs past the bottom of the screen below its button: without
  // this, a file refused there changed nothing the visitor could see (session 27, journeys).
  useEffect(() => {
    if (error) problem.current?.scrollIntoView({ block: 'nearest', behavior: 'instant' });
  }, [error, refusal]);

  const takeFirst = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clear the input so choosing the same file again (after going back) still counts as a choice.
    event.target.value = '';
    if (file) onFile(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <section aria-labelledby={`${pickerId}-title`} className="space-y-4">
      <h2 id={`${pickerId}-title`} className="font-display text-2xl font-bold text-walnut-950">
        Upload a photo of your room
      </h2>
      <p className="text-walnut-800">
        Stand in a doorway and include as much floor as you can. Good light gives the best result.
      </p>
      {chosen && onContinue && (
        <div className="flex flex-col items-start gap-3 rounded-xl bg-oak-100 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-walnut-900">
            Your photo: <span className="font-semibold break-all">{chosen.name}</span>
          </p>
          <button
            type="button"
            onClick={onContinue}
            className="inline-flex min-h-11 items-center rounded-md bg-walnut-900 px-5 font-semibold text-white hover:bg-walnut-800"
          >
            Continue with this photo
          </button>
        </div>
      )}
      <div
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        className={[
          'flex flex-col items-center gap-4 rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors sm:py-14',
          dragging ? 'border-oak-500 bg-oak-100' : 'border-walnut-700/30 bg-white',
        ].join(' ')}
      >
        <span
          aria-hidden="true"
          className="flex size-16 items-center justify-center rounded-full bg-oak-100 text-walnut-800"
        >
          <Icon icon={ImagePlus} className="size-8" />
        </span>
        <p className="font-semibold text-walnut-900">
          <span className="hidden md:inline">Drag and drop your photo here, or</span>
          <span className="md:hidden">Take a photo or choose one from your phone</span>
        </p>
        <div className="flex flex-wrap items-center justify-center gap-3">
          <input
            id={pickerId}
            type="file"
            accept="image/*"
            onChange={takeFirst}
            aria-describedby={error ? errorId : undefined}
            className="peer/picker sr-only"
          />
          <label
            htmlFor={pickerId}
            className="inline-flex cursor-pointer items-center gap-2 rounded-md bg-walnut-900 px-6 py-3 font-semibold text-white transition-colors hover:bg-walnut-800 peer-focus-visible/picker:outline-2 peer-focus-visible/picker:outline-offset-2 peer-focus-visible/picker:outline-oak-500"
          >
            <Icon icon={Upload} aria-hidden="true" className="size-5" />
            Choose a photo
          </label>
          <input
            id={cameraId}
            type="file"
            accept="image/*"
            capture="environment"
            onChange={takeFirst}
            // As the picker's: a photo taken and refused is refused in these words, and focus comes back here.
            aria-describedby={error ? errorId : undefined}
            className="peer/camera sr-only md:hidden"
          />
          <label
            htmlFor={cameraId}
            className="inline-flex cursor-pointer items-center gap-2 rounded-md border-2 border-walnut-900 px-6 py-2.5 font-semibold text-walnut-900 transition-colors hover:bg-walnut-900 hover:text-white peer-focus-visible/camera:outline-2 peer-focus-visible/camera:outline-offset-2 peer-focus-visible/camera:outline-oak-500 md:hidden"
          >
            <Icon icon={Camera} aria-hidden="true" className="size-5" />
            Take a photo
          </label>
        </div>
        <p className="text-sm text-walnut-700">{pageTexts.visualizer.supportedFormats}</p>
      </div>
      {error && (
        <p
          key={refusal}
          ref={problem}
          id={errorId}
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          {error}
        </p>
      )}
    </section>
  );
}
