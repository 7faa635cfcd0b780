import { Icon } from '@/components/ui/icon';
import { RefreshCw } from '@/components/ui/icons';
import { Button } from '@/components/ui/button';

type RenderProblemProps = {
  problem: string;
  /** The reads ran out before the new render showed: the visitor may look again. */
  lost: boolean;
  onCheckAgain: () => void;
  className?: string;
};

/** What went wrong with a re-render the visitor asked for (a fix or a rug choice), and "Check again" when it may still come. */
export function RenderProblem({ problem, lost, onCheckAgain, className = '' }: RenderProblemProps) {
  return (
    <div role="alert" className={`rounded-md bg-red-50 p-3 text-sm text-red-900 ${className}`}>
      <p>{problem}</p>
      {lost && (
        <Button variant="outline" className="mt-2 min-h-11" onClick={onCheckAgain}>
          <Icon icon={RefreshCw} aria-hidden="true" className="size-4" />
          Check again
        </Button>
      )}
    </div>
  );
}
