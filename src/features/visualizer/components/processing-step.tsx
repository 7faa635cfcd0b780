import { AlertTriangle, Clock, Loader2, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

export type ProcessingPhase = 'starting' | 'polling' | 'timeout' | 'failed';

type ProcessingStepProps = {
  phase: ProcessingPhase;
  startedAt: number;
  failureReason?: string | null;
  onCheckAgain: () => void;
  onRetry: () => void;
  onStartOver: () => void;
};

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
 * Step 3. While the processor works: a spinner and the elapsed time. When polling gives up (spec: the spinner
 * stops and the step stays) or the processor reports a failure, the visitor gets a way forward.
 */
export function ProcessingStep({ phase, startedAt, failureReason, onCheckAgain, onRetry, onStartOver }: ProcessingStepProps) {
  const running = phase === 'starting' || phase === 'polling';
  const elapsedMs = useElapsed(startedAt, running);
  const elapsed = formatElapsed(elapsedMs);

  return (
    <section aria-labelledby="visualizer-processing-title" className="mx-auto max-w-xl space-y-6 text-center">
      <div className="flex justify-center" aria-hidden="true">
        {running ? (
          <Loader2 className="size-16 animate-spin text-oak-500 motion-reduce:animate-none" />
        ) : (
          <AlertTriangle className="size-16 text-oak-500" />
        )}
      </div>
      {running && (
        <div role="status" className="space-y-2">
          <h2 id="visualizer-processing-title" className="font-display text-2xl font-bold text-walnut-950">
            Laying your new hardwood floor...
          </h2>
          <p className="text-walnut-800">
            {phase === 'starting'
              ? 'Sending your photo to our visualizer.'
              : 'Finding the floor in your photo and fitting planks to the room. This usually takes a few seconds.'}
          </p>
        </div>
      )}
      {phase === 'timeout' && (
        <div className="space-y-2">
          <h2 id="visualizer-processing-title" className="font-display text-2xl font-bold text-walnut-950">
            This is taking longer than expected
          </h2>
          <p className="text-walnut-800">
            Your photo may still be in the works. Check again in a moment, or start over with the same photo.
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
      <p className="inline-flex items-center gap-2 rounded-full bg-oak-100 px-4 py-1.5 text-sm font-medium text-walnut-800">
        <Clock aria-hidden="true" className="size-4" />
        <span>
          Elapsed time: <time dateTime={`PT${Math.max(0, Math.floor(elapsedMs / 1000))}S`}>{elapsed}</time>
        </span>
      </p>
      {phase === 'timeout' && (
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" onClick={onCheckAgain}>
            <RefreshCw aria-hidden="true" className="size-5" />
            Check again
          </Button>
          <Button variant="outline" size="lg" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
      {phase === 'failed' && (
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" onClick={onRetry}>
            Try again
          </Button>
          <Button variant="outline" size="lg" onClick={onStartOver}>
            Choose another photo
          </Button>
        </div>
      )}
    </section>
  );
}
