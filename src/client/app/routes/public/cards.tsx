import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export default function CardsRoute() {
  return (
    <ContentLayout title="Cards">
      <p>Five tiers of membership, from Standard to the invitation-only Elite.</p>
    </ContentLayout>
  );
}
