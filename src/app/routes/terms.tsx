import { business } from '@/config/business';
import { siteImages } from '@/content/site-images';
import { TermsPage } from '@/features/legal/components/terms-page';
import { PageHead, SHARE_IMAGES } from '../seo/page-head';

/** /terms: the terms of using the site (loaded on demand, see router.tsx). */
export function TermsRoute() {
  return (
    <>
      <PageHead
        title={`Terms of Service | ${business.name}`}
        description="The plain terms of using our website: free, no-obligation estimates, what the floor visualizer's previews are, fair use of the forms, and our content."
        path="/terms"
        image={SHARE_IMAGES.home}
        imageAlt={siteImages.heroRoom.alt}
      />
      <TermsPage />
    </>
  );
}
