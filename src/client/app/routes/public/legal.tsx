import { LegalDocuments } from '../../../features/legal/components/legal-documents.tsx';

/** /legal, /legal/privacy, /legal/terms and /legal/cookies: one screen (SPEC §2). */
export default function LegalRoute() {
  return <LegalDocuments />;
}
