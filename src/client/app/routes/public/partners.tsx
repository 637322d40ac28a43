import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export default function PartnersRoute() {
  return (
    <ContentLayout title="Partners">
      <p>Curated partner offers for members, in fine dining, luxury retail and travel.</p>
    </ContentLayout>
  );
}
