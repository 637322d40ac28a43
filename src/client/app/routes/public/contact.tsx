import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export default function ContactRoute() {
  return (
    <ContentLayout title="Contact">
      <p>Write to our team and we will reply within 2-3 business days.</p>
    </ContentLayout>
  );
}
