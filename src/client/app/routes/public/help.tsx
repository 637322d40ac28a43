import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export default function HelpRoute() {
  return (
    <ContentLayout title="Help">
      <p>Answers to the questions members ask most often.</p>
    </ContentLayout>
  );
}
