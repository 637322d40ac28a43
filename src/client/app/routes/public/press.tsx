import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export default function PressRoute() {
  return (
    <ContentLayout title="Press">
      <p>Logos, colours, card renders and company information for the press.</p>
    </ContentLayout>
  );
}
