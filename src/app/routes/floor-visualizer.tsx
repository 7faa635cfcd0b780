import { VisualizerPage } from '@/features/visualizer/components/visualizer-page';

/** /floor-visualizer: Snap & See Wood (loaded on demand, see router.tsx). */
export function FloorVisualizerRoute() {
  return <VisualizerPage />;
}
