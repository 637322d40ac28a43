import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export default function ApplyOfferRoute() {
  return (
    <ContentLayout title="Your Offer" noindex>
      <p>Review the membership tier we are offering you and accept it with your signature.</p>
    </ContentLayout>
  );
}
