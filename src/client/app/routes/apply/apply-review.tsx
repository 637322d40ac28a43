import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export default function ApplyReviewRoute() {
  return (
    <ContentLayout title="Application Review" noindex>
      <p>We are reviewing your application and will let you know as soon as it moves on.</p>
    </ContentLayout>
  );
}
