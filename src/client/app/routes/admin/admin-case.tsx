import { useParams } from 'react-router';
import { Head } from '#client/components/seo/head.tsx';
import { CasePage } from './panel/case-page.tsx';

export default function AdminCaseRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <Head title="Case" noindex />
      {/* A new id is a new case: nothing of the last one's dialogs or zoom carries over. */}
      <CasePage key={id} basicId={id} />
    </>
  );
}
