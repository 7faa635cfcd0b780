import { InvestorsPage } from '@/features/partners/components/investors-page';

export function InvestorsRoute() {
  return <InvestorsPage />;
}
