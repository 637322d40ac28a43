import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export default function SecurityRoute() {
  return (
    <ContentLayout title="Security">
      <p>How we protect your money, your data and your privacy.</p>
    </ContentLayout>
  );
}
