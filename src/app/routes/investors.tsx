import { siteImages } from '@/content/site-images';
import { InvestorsPage } from '@/features/partners/components/investors-page';
import { investorProgram } from '@/features/partners/content/investor-program';
import { PageHead, SHARE_IMAGES } from '../seo/page-head';
import { WithQueries } from '../query-client';

export function InvestorsRoute() {
  return (
    <>
      <PageHead
        {...investorProgram.meta}
        path="/investors"
        image={SHARE_IMAGES.investors}
        imageAlt={siteImages.partnerInvestor.alt}
      />
      <WithQueries>
        <InvestorsPage />
      </WithQueries>
    </>
  );
}
