import { Icon } from '@/components/ui/icon';
import { Check, Loader2, Undo2, X } from '@/components/ui/icons';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { PictureRenditions } from '@contracts/image-renditions';
import type { VisualizerCorrectionPayload } from '@contracts/visualizer-webhook';
import { Button } from '@/components/ui/button';
import type { VisualizerRequest } from '../api/get-visualizer-request';
import { useRequestFloorCorrection } from '../api/request-floor-correction';
import { useCorrectionRender } from '../api/wait-for-correction';
import { FloorOutline } from './floor-outline';
import { ResultPicture } from './result-picture';
import { RenderProblem } from './render-problem';

export type FloorMarker = VisualizerCorrectionPayload['taps'][number];

/** The correction payload takes at most this many taps. */
export const MAX_MARKERS = 40;
const STEP = 0.02;
const BIG_STEP = 0.1;

const markerName = (marker: FloorMarker) => (marker.floor ? 'wood here' : 'not wood here');
const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
// Rounded to 1/10 000 of the photo, so steps of the crosshair add up without floating-point dust.
const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;

export const correctionTexts = {
  renderFailed: "We couldn't re-render your floor this time. Your markers are still here: please try again.",
  lost: "We couldn't check on your new floor. It may still be on its way.",
  tooMany: `You can place up to ${MAX_MARKERS} markers. Remove one to add another.`,
} as const;

type FloorCorrectionProps = {
  requestId: string;
  correctionToken: string;
  originalImageUrl: string;
  /** The photo's web-sized copies: the ones the slider's "before" already fetched, so the panel opens on them. */
  originalRenditions: PictureRenditions | undefined;
  floorMaskUrl: string | null;
  /** The photo's width / height when the page knows it: the photo has its size at once. */
  photoAspect?: number | null;
  /** The shown render's number: after a webhook call without an answer, the row tells whether a newer one comes. */
  renderNumber: number;
  markers: FloorMarker[];
  onMarkersChange: (markers: FloorMarker[]) => void;
  onStarted: () => void;
  onRendered: (row: VisualizerRequest) => void;
  onCancel: () => void;
};

/**
 * "Not quite right? Fix the floor": the visitor's photo with the floor the last render found outlined. Each
 * tap (or click, or Enter on the crosshair moved with the arrow keys) places a marker of the kind chosen above
 * the photo; the markers go to the processor with the visitor's token, and the panel waits for the new render.
 * Markers stay after a render, so a second fix adds to the first (each render starts again from the photo).
 */
export function FloorCorrection({
  requestId,
  correctionToken,
  originalImageUrl,
  originalRenditions,
  floorMaskUrl,
  photoAspect = null,
  renderNumber,
  markers,
  onMarkersChange,
  onStarted,
  onRendered,
  onCancel,
}: FloorCorrectionProps) {
  const [floor, setFloor] = useState(true);
  const [cursor, setCursor] = useState({ x: 0.5, y: 0.5 });
  const [aspect, setAspect] = useState<number | null>(photoAspect);
  const [announcement, setAnnouncement] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [awaiting, setAwaiting] = useState<number | null>(null);
  const [round, setRound] = useState(0);
  const correction = useRequestFloorCorrection();
  const wait = useCorrectionRender(requestId, awaiting, round);
  const rendering = correction.isPending || wait.phase === 'rendering';
  const hintId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);

  const rendered = wait.phase === 'rendered' ? wait.row : null;
  useEffect(() => {
    if (rendered) onRendered(rendered);
  }, [rendered, onRendered]);

  // 'Re-render my floor' and the rest of the panel are disabled while the render is asked for and made, and a browser
  // then lets the focus fall to the page's start. A render that came is shown by the result step (its picture); one
  // refused, failed or lost leaves the visitor on the button they pressed, with the problem said above it.
  const panel = useRef<HTMLElement>(null);
  const photo = useRef<HTMLDivElement>(null);
  const markerList = useRef<HTMLOListElement>(null);
  const reRenderButton = useRef<HTMLButtonElement>(null);
  const focusedWhenAsked = useRef(false);
  useEffect(() => {
    if (rendered) focusedWhenAsked.current = false;
    if (rendering || rendered || !focusedWhenAsked.current) return;
    focusedWhenAsked.current = false;
    reRenderButton.current?.focus();
  }, [rendering, rendered]);

  const place = (x: number, y: number) => {
    if (rendering) return;
    if (markers.length >= MAX_MARKERS) {
      setNotice(correctionTexts.tooMany);
      return;
    }
    const marker = { x: clamp(x), y: clamp(y), floor };
    setNotice(null);
    onMarkersChange([...markers, marker]);
    setAnnouncement(
      `Marker ${markers.length + 1} placed: ${markerName(marker)}, ${percent(marker.x)} across, ${percent(marker.y)} down.`,
    );
  };

  // A marker removed with the keyboard takes its button with it when it was the last in the list, and "Undo last
  // marker" is disabled once none is left: either way a browser lets the focus fall to the page's start, and the next
  // Tab began again at "Skip to content". The focus goes to the last marker's button left, or to the photo.
  const focusAfterRemoval = useRef(false);
  useEffect(() => {
    if (!focusAfterRemoval.current) return;
    focusAfterRemoval.current = false;
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== document.body && !focused.matches(':disabled')) return;
    const buttons = markerList.current?.querySelectorAll('button');
    (buttons?.[buttons.length - 1] ?? photo.current)?.focus();
  }, [markers]);

  const remove = (index: number) => {
    const marker = markers[index];
    if (!marker) return;
    focusAfterRemoval.current = panel.current?.contains(document.activeElement) ?? false;
    setNotice(null);
    onMarkersChange(markers.filter((_, i) => i !== index));
    setAnnouncement(`Marker ${index + 1} removed (${markerName(marker)}).`);
  };

  const placeAtPointer = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    place((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height);
  };

  const moveCursor = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? BIG_STEP : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const next = { x: clamp(cursor.x + move[0]), y: clamp(cursor.y + move[1]) };
      setCursor(next);
      setAnnouncement(`Crosshair ${percent(next.x)} across, ${percent(next.y)} down.`);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      place(cursor.x, cursor.y);
    }
  };

  const submit = () => {
    focusedWhenAsked.current = panel.current?.contains(document.activeElement) ?? false;
    setNotice(null);
    correction.mutate(
      { requestId, correctionToken, taps: markers, shownRenderNumber: renderNumber },
      {
        onSuccess: ({ renderNumber }) => {
          setRound((value) => value + 1);
          setAwaiting(renderNumber);
          onStarted();
        },
      },
    );
  };

  const problem =
    notice ??
    (correction.isError ? correction.error.message : null) ??
    (wait.phase === 'failed' ? correctionTexts.renderFailed : wait.phase === 'lost' ? correctionTexts.lost : null);

  return (
    <section
      ref={panel}
      aria-labelledby="fix-floor-title"
      className="space-y-4 rounded-xl bg-oak-100/60 p-3 ring-1 ring-walnut-700/15 sm:p-5"
    >
      <div className="space-y-1">
        <h3
          id="fix-floor-title"
          ref={headingRef}
          tabIndex={-1}
          className="font-display text-xl font-bold text-walnut-950"
        >
          Fix the floor
        </h3>
        <p id={hintId} className="text-sm text-walnut-800">
          {floorMaskUrl ? 'The gold line shows the floor we found. ' : ''}Tap the photo where the new wood should go, or
          where it shouldn't. With a keyboard, move the crosshair with the arrow keys and press Enter to place a marker.
        </p>
      </div>

      <fieldset disabled={rendering}>
        <legend className="mb-2 text-sm font-semibold text-walnut-900">Each tap marks</legend>
        <div className="grid grid-cols-2 gap-2 sm:inline-grid">
          <MarkKind checked={floor} onChange={() => setFloor(true)} label="Wood here" kind="wood" />
          <MarkKind checked={!floor} onChange={() => setFloor(false)} label="Not wood here" kind="not-wood" />
        </div>
      </fieldset>

      <div
        ref={photo}
        role="application"
        tabIndex={rendering ? -1 : 0}
        aria-label="Your photo: place markers"
        aria-describedby={hintId}
        aria-disabled={rendering || undefined}
        onClick={placeAtPointer}
        onKeyDown={moveCursor}
        className="group relative -mx-3 cursor-crosshair touch-manipulation overflow-hidden bg-walnut-950 shadow-md select-none focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-oak-500 aria-disabled:cursor-progress sm:mx-auto sm:rounded-lg"
        // At most 70 % of the window's height, as the slider: on a wide screen a portrait photo at the panel's full
        // width was ~1,330 px tall, so its floor, where the taps go, lay below the first screen.
        style={aspect ? { maxWidth: `calc(70vh * ${aspect.toFixed(4)})` } : undefined}
      >
        <ResultPicture
          fullUrl={originalImageUrl}
          renditions={originalRenditions}
          alt=""
          className="block h-auto w-full"
          draggable={false}
          onLoad={(event) => {
            const { naturalWidth, naturalHeight } = event.currentTarget;
            if (naturalWidth > 0 && naturalHeight > 0) setAspect(naturalWidth / naturalHeight);
          }}
        />
        {floorMaskUrl && <FloorOutline maskUrl={floorMaskUrl} />}
        {markers.map((marker, index) => (
          <span
            key={index}
            aria-hidden="true"
            data-testid="floor-marker"
            className={`pointer-events-none absolute flex size-7 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full text-white shadow-md ring-2 ring-white ${
              marker.floor ? 'bg-green-700' : 'bg-red-700'
            }`}
            style={{ left: `${marker.x * 100}%`, top: `${marker.y * 100}%` }}
          >
            {marker.floor ? (
              <Icon icon={Check} className="size-4" strokeWidth={3} />
            ) : (
              <Icon icon={X} className="size-4" strokeWidth={3} />
            )}
          </span>
        ))}
        <span
          aria-hidden="true"
          data-testid="floor-crosshair"
          className="pointer-events-none absolute hidden size-10 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow-[0_0_0_2px_rgba(31,19,11,0.8)] group-focus-visible:block"
          style={{ left: `${cursor.x * 100}%`, top: `${cursor.y * 100}%` }}
        >
          <span className="absolute top-1/2 left-1/2 h-0.5 w-6 -translate-1/2 bg-white" />
          <span className="absolute top-1/2 left-1/2 h-6 w-0.5 -translate-1/2 bg-white" />
        </span>
        {rendering && (
          <div className="absolute inset-0 flex items-center justify-center bg-walnut-950/55">
            <Icon
              icon={Loader2}
              aria-hidden="true"
              className="size-12 animate-spin text-white motion-reduce:animate-none"
            />
          </div>
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <div className="space-y-2">
        <h4 className="text-sm font-semibold text-walnut-900">Your markers</h4>
        {markers.length === 0 ? (
          <p className="text-sm text-walnut-800">No markers yet.</p>
        ) : (
          <ol ref={markerList} className="flex flex-wrap gap-2">
            {markers.map((marker, index) => (
              <li
                key={index}
                className="inline-flex items-center gap-1 rounded-full bg-white pl-3 text-sm text-walnut-900 ring-1 ring-walnut-700/20"
              >
                {index + 1}. {marker.floor ? 'Wood here' : 'Not wood here'}
                <button
                  type="button"
                  onClick={() => remove(index)}
                  disabled={rendering}
                  aria-label={`Remove marker ${index + 1} (${markerName(marker)})`}
                  className="inline-flex size-11 items-center justify-center rounded-full text-walnut-800 hover:bg-oak-100 focus-visible:outline-2 focus-visible:outline-oak-500 disabled:opacity-60"
                >
                  <Icon icon={X} aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ol>
        )}
      </div>

      <div role="status">
        {rendering && (
          <p className="flex items-center gap-2 font-semibold text-walnut-900">
            <Icon icon={Loader2} aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
            Re-rendering your floor with your markers...
          </p>
        )}
      </div>
      {problem && !rendering && (
        <RenderProblem
          problem={problem}
          lost={wait.phase === 'lost'}
          onCheckAgain={() => setRound((value) => value + 1)}
        />
      )}

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button ref={reRenderButton} className="min-h-11" onClick={submit} disabled={rendering || markers.length === 0}>
          Re-render my floor
        </Button>
        <Button
          variant="outline"
          className="min-h-11"
          onClick={() => remove(markers.length - 1)}
          disabled={rendering || markers.length === 0}
        >
          <Icon icon={Undo2} aria-hidden="true" className="size-4" />
          Undo last marker
        </Button>
        <Button variant="ghost" className="min-h-11" onClick={onCancel} disabled={rendering}>
          Close
        </Button>
      </div>
    </section>
  );
}

function MarkKind({
  checked,
  onChange,
  label,
  kind,
}: {
  checked: boolean;
  onChange: () => void;
  label: string;
  kind: 'wood' | 'not-wood';
}) {
  const colour =
    kind === 'wood'
      ? 'has-checked:border-green-700 has-checked:bg-green-700'
      : 'has-checked:border-red-700 has-checked:bg-red-700';
  return (
    <label
      className={`relative inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border-2 border-walnut-700/30 bg-white px-4 py-2 text-sm font-semibold text-walnut-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-oak-500 has-disabled:opacity-60 ${colour}`}
    >
      <input
        type="radio"
        name="floor-mark"
        checked={checked}
        onChange={onChange}
        className="absolute inset-0 cursor-pointer appearance-none rounded-md opacity-0 disabled:cursor-not-allowed"
      />
      {kind === 'wood' ? (
        <Icon icon={Check} aria-hidden="true" className="size-4 shrink-0" />
      ) : (
        <Icon icon={X} aria-hidden="true" className="size-4 shrink-0" />
      )}
      {label}
    </label>
  );
}
