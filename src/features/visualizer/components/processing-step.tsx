import { Icon } from '@/components/ui/icon';
import { AlertTriangle, Clock, Loader2, RefreshCw } from '@/components/ui/icons';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import type { UploadProgress } from '../api/start-processing';
import type { VisualizerRequest } from '../api/get-visualizer-request';
import type { VisualizerFailureKind } from '@contracts/visualizer-webhook';

export type ProcessingPhase = 'starting' | 'polling' | 'timeout' | 'failed' | 'stalled';

type ProcessingStepProps = {
  phase: ProcessingPhase;
  /** How much of the photo has gone out (null until the upload starts, or after a reload). */
  upload?: UploadProgress | null;
  /** The row's status while it is followed: the render's own stages. */
  rowStatus?: VisualizerRequest['status'] | null;
  startedAt: number;
  failureReason?: string | null;
  /**
   * What the visitor can do about the failure, as the row says: `another_photo` offers "Choose another photo" alone;
   * `try_again`, or none (a row failed before the kind was kept, or with no reason), "Try again" first.
   */
  failureKind?: VisualizerFailureKind | null;
  /** The step timed out because a read of the row failed, not because the reads ran out. */
  readFailed?: boolean;
  onCheckAgain: () => void;
  onRetry: () => void;
  /** Sends the same photo and details again (after a stalled upload). */
  onSendAgain?: () => void;
  onStartOver: () => void;
};

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const RENDERING = 'Finding the floor in your photo and fitting planks to the room. This usually takes a few seconds.';

/**
 * What is happening now, in one sentence that changes only when the stage does (the status region reads it out,
 * so it must not change with every percent): the photo being prepared, sent, then the render's stages.
 */
function stageText(
  phase: ProcessingPhase,
  upload: UploadProgress | null,
  rowStatus: VisualizerRequest['status'] | null,
): string {
  if (phase === 'starting') {
    if (!upload) return 'Getting your photo ready to send.';
    if (upload.sentBytes < upload.totalBytes) return 'Sending your photo to our visualizer.';
    // The processor holds its answer while it renders (up to 20 s, VISUALIZER_SYNC_REPLY_MS): that is the render.
    return `Photo sent. ${RENDERING}`;
  }
  // Followed without the photo known to be all out (the webhook's host refused the connection, or never took it):
  // "Photo sent." was said for the spec's 30 reads, 5 minutes, with the processor down and no byte gone.
  // Before the row's first read too: "Finding the floor ..." was said for a moment at the deadline.
  // After a reload (no upload seen by this page) a pending row says nothing of the photo either: the address names a
  // request whose upload failed too, and "Photo sent." was said of a photo that never left (decision 040, session 19).
  const notAllOut = upload !== null && upload.sentBytes < upload.totalBytes;
  const allOut = upload !== null && !notAllOut;
  if (rowStatus === 'pending' || (rowStatus === null && !allOut))
    return allOut ? 'Photo sent. Your render starts in a moment.' : 'Waiting for our visualizer to answer.';
  // Followed after this page sent the photo: the sentence said while the processor held its answer, kept. Dropping
  // "Photo sent." when the answer came (the render done, the row read next) had the region read out the stage again.
  return upload && upload.sentBytes >= upload.totalBytes ? `Photo sent. ${RENDERING}` : RENDERING;
}

/**
 * Said while the device has no connection: whatever the step said last may no longer be moving. The step also follows
 * a request after a reload (the address names it), when the page holds neither the photo nor the details: it said
 * "Your photo and details are kept on this page" then too (decision 040, session 19).
 */
export const OFFLINE_TEXT = "You're offline. Keep this page open and reconnect to carry on.";

function subscribeToConnection(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Whether the browser has a connection. A phone that loses it with the photo in its send buffers has the page say
 * "Photo sent" while the reads that would tell otherwise fail (up to the answer's deadline, about a minute and a
 * half): the page then says it is offline instead of letting the spinner stand for a render.
 */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Whether sending the same photo again may help: a failure about the file itself (not a readable image, not a photo,
 * too small, too large) fails the same way for the same bytes, so "Try again" sent the visitor back to fail again
 * (journeys, session 33). The row's kind says which (decision 016, item 25), not the reason's words: a regex on them
 * gave "Too many attempts ... Please start a new one later." the file's buttons.
 */
function sendingAgainMayHelp(kind: VisualizerFailureKind | null | undefined): boolean {
  return kind !== 'another_photo';
}

function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The time since processing began, ticking each second while `running`, frozen when it stops. */
function useElapsed(startedAt: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running, startedAt]);
  return now - startedAt;
}

/**
 * When the phase changes under the visitor's focus (the "Check again" or "Try again" just pressed goes with the phase
 * it belonged to, as does the heading the step focused), the focus would fall to the page's start: it goes to the
 * heading of what the step says now instead. A focus the visitor has put elsewhere stays where it is.
 */
function useFocusKeptAcrossPhases(phase: ProcessingPhase) {
  const section = useRef<HTMLElement>(null);
  const shownPhase = useRef(phase);
  useEffect(() => {
    if (shownPhase.current === phase) return;
    shownPhase.current = phase;
    const focused = document.activeElement;
    if (focused !== null && focused !== document.body) return;
    const heading = section.current?.querySelector('h2');
    if (!heading) return;
    heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [phase]);
  return section;
}

/**
 * Step 3. While the processor works: a spinner and the elapsed time. When polling gives up (spec: the spinner
 * stops and the step stays) or the processor reports a failure, the visitor gets a way forward.
 */
export function ProcessingStep({
  phase,
  upload = null,
  rowStatus = null,
  startedAt,
  failureReason,
  failureKind,
  readFailed = false,
  onCheckAgain,
  onRetry,
  onSendAgain,
  onStartOver,
}: ProcessingStepProps) {
  const running = phase === 'starting' || phase === 'polling';
  const elapsedMs = useElapsed(startedAt, running);
  const elapsed = formatElapsed(elapsedMs);
  const sending = phase === 'starting' && upload !== null && upload.sentBytes < upload.totalBytes;
  const nothingSent = upload === null || upload.sentBytes === 0;
  const percent = upload ? Math.floor((upload.sentBytes / Math.max(1, upload.totalBytes)) * 100) : 0;
  const section = useFocusKeptAcrossPhases(phase);
  const online = useOnline();

  return (
    <section
      ref={section}
      aria-labelledby="visualizer-processing-title"
      className="mx-auto max-w-xl space-y-6 text-center"
    >
      <div className="flex justify-center" aria-hidden="true">
        {running ? (
          <Icon icon={Loader2} className="size-16 animate-spin text-oak-500 motion-reduce:animate-none" />
        ) : (
          <Icon icon={AlertTriangle} className="size-16 text-oak-500" />
        )}
      </div>
      {running && (
        <div role="status" className="space-y-2">
          <h2 id="visualizer-processing-title" className="font-display text-2xl font-bold text-walnut-950">
            Laying your new hardwood floor...
          </h2>
          <p className="text-walnut-800">{stageText(phase, upload, rowStatus)}</p>
          {/* In the status already there, so it is read out when it comes. */}
          {!online && <p className="font-semibold text-walnut-900">{OFFLINE_TEXT}</p>}
        </div>
      )}
      {sending && upload && (
        <div className="mx-auto max-w-sm space-y-2">
          <div
            role="progressbar"
            aria-label="Photo sent"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent} % of ${formatMegabytes(upload.totalBytes)}`}
            className="h-3 overflow-hidden rounded-full bg-oak-100"
          >
            <div
              className="h-full rounded-full bg-oak-500 transition-[width] motion-reduce:transition-none"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-sm font-medium text-walnut-800 tabular-nums">
            {percent} % of {formatMegabytes(upload.totalBytes)} sent
          </p>
        </div>
      )}
      {phase === 'stalled' && (
        <div role="alert" className="space-y-2">
          {/* None of it out: the visualizer's host refused the connection or never answered it (a processor down or
              stopped), or the phone had no connection; "stopped sending" would say some of it had gone. */}
          <h2 id="visualizer-processing-title" className="font-display text-2xl font-bold text-walnut-950">
            {nothingSent ? "We couldn't send your photo" : 'Your photo stopped sending'}
          </h2>
          <p className="text-walnut-800">
            {nothingSent
              ? "We couldn't reach our visualizer, so your photo was not sent and nothing will be rendered from it. Check your connection and try again."
              : 'The connection stopped before all of your photo reached us, so nothing will be rendered from it. Check your signal and try again.'}
          </p>
        </div>
      )}
      {phase === 'timeout' && (
        <div className="space-y-2">
          {/* A failed read is the spec's timeout too (its toast says the processing is taking longer); the step says
              what the page knows: it could not ask (decision 040, session 19). */}
          <h2 id="visualizer-processing-title" className="font-display text-2xl font-bold text-walnut-950">
            {readFailed ? "We couldn't check on your photo" : 'This is taking longer than expected'}
          </h2>
          <p className="text-walnut-800">
            {readFailed && "Our server didn't answer. "}Your photo may still be in the works. Check again in a moment,
            or start over with the same photo.
          </p>
        </div>
      )}
      {phase === 'failed' && (
        <div role="alert" className="space-y-2">
          <h2 id="visualizer-processing-title" className="font-display text-2xl font-bold text-walnut-950">
            We couldn't process this photo
          </h2>
          <p className="text-walnut-800">{failureReason || 'Something went wrong while processing your photo.'}</p>
        </div>
      )}
      {/* A failure's time says nothing the visitor can act on: "Elapsed time: 0:00" stood under a photo refused at once. */}
      {phase !== 'failed' && (
        <p className="inline-flex items-center gap-2 rounded-full bg-oak-100 px-4 py-1.5 text-sm font-medium text-walnut-800">
          <Icon icon={Clock} aria-hidden="true" className="size-4" />
          <span>
            Elapsed time: <time dateTime={`PT${Math.max(0, Math.floor(elapsedMs / 1000))}S`}>{elapsed}</time>
          </span>
        </p>
      )}
      {phase === 'timeout' && (
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" onClick={onCheckAgain}>
            <Icon icon={RefreshCw} aria-hidden="true" className="size-5" />
            Check again
          </Button>
          <Button variant="outline" size="lg" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
      {phase === 'stalled' && (
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" onClick={onSendAgain ?? onRetry}>
            <Icon icon={RefreshCw} aria-hidden="true" className="size-5" />
            Try again
          </Button>
          <Button variant="outline" size="lg" onClick={onStartOver}>
            Choose another photo
          </Button>
        </div>
      )}
      {phase === 'failed' && (
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          {sendingAgainMayHelp(failureKind) ? (
            <>
              <Button size="lg" onClick={onRetry}>
                Try again
              </Button>
              <Button variant="outline" size="lg" onClick={onStartOver}>
                Choose another photo
              </Button>
            </>
          ) : (
            <Button size="lg" onClick={onStartOver}>
              Choose another photo
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
