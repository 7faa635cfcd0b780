import { siteImages } from '@/content/site-images';
import { RealtorsPage } from '@/features/partners/components/realtors-page';
import { realtorProgram } from '@/features/partners/content/realtor-program';
import { PageHead, SHARE_IMAGES } from '../seo/page-head';
import { WithQueries } from '../query-client';

export function RealtorsRoute() {
  return (
    <>
      <PageHead
        {...realtorProgram.meta}
        path="/realtors"
        image={SHARE_IMAGES.realtors}
        imageAlt={siteImages.partnerRealtor.alt}
      />
      <WithQueries>
        <RealtorsPage />
      </WithQueries>
    </>
  );
}
