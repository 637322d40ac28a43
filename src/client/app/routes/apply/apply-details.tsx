import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export default function ApplyDetailsRoute() {
  return (
    <ContentLayout title="Verify Your Identity" noindex>
      <p>
        Tell us a little more about yourself and verify your identity with our regulated partner.
      </p>
    </ContentLayout>
  );
}
