import { business } from '@/config/business';
import { siteImages } from '@/content/site-images';
import { SiteMapPage } from '@/features/site-map/components/site-map-page';
import { PageHead, SHARE_IMAGES } from '../seo/page-head';

/** /sitemap: every page of the site in one list, the footer's "Sitemap" (loaded on demand, see router.tsx). */
export function SiteMapRoute() {
  return (
    <>
      <PageHead
        title={`Sitemap | ${business.name}`}
        description="Every page of our website in one list: our services and the free estimate form, the floor visualizer, the realtor and investor programs, our privacy policy and terms."
        path="/sitemap"
        image={SHARE_IMAGES.home}
        imageAlt={siteImages.heroRoom.alt}
      />
      <SiteMapPage />
    </>
  );
}
