import { business } from '@/config/business';
import { siteImages } from '@/content/site-images';
import { VisualizerPage } from '@/features/visualizer/components/visualizer-page';
import { PageHead, SHARE_IMAGES } from '../seo/page-head';
import { WithQueries } from '../query-client';

/** /floor-visualizer: Snap & See Wood (loaded on demand, see router.tsx). */
export function FloorVisualizerRoute() {
  return (
    <>
      <PageHead
        title={`Snap & See Wood: see your room with hardwood floors | ${business.name}`}
        description="Upload a photo of your room and see it with a new hardwood floor in seconds. Free from your South Jersey flooring pros."
        path="/floor-visualizer"
        image={SHARE_IMAGES.visualizer}
        imageAlt={siteImages.heroRoom.alt}
      />
      <WithQueries>
        <VisualizerPage />
      </WithQueries>
    </>
  );
}
