import { business } from '@/config/business';
import { siteImages } from '@/content/site-images';
import { PrivacyPage } from '@/features/legal/components/privacy-page';
import { PageHead, SHARE_IMAGES } from '../seo/page-head';

/** /privacy: what the site keeps about visitors and for how long (loaded on demand, see router.tsx). */
export function PrivacyRoute() {
  return (
    <>
      <PageHead
        title={`Privacy Policy | ${business.name}`}
        description="What our website keeps when you use a form or the floor visualizer, who can see it, how long we keep each kind, and how to get a copy or have it deleted."
        path="/privacy"
        image={SHARE_IMAGES.home}
        imageAlt={siteImages.heroRoom.alt}
      />
      <PrivacyPage />
    </>
  );
}
