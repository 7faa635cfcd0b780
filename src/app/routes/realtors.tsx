import { RealtorsPage } from '@/features/partners/components/realtors-page';

export function RealtorsRoute() {
  return <RealtorsPage />;
}
