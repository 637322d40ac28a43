import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export default function ApplyActivateRoute() {
  return (
    <ContentLayout title="Activation" noindex>
      <p>Your membership is being activated; your card details will appear here.</p>
    </ContentLayout>
  );
}
