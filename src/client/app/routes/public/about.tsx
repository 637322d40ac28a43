import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export default function AboutRoute() {
  return (
    <ContentLayout title="About">
      <p>The story behind Waj, a private membership that goes beyond banking.</p>
    </ContentLayout>
  );
}
