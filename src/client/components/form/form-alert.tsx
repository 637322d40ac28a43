import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription } from '../ui/alert.tsx';

/** Why a form (or a step) failed, above its button; announced at once (role="alert"). */
export function FormAlert({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Alert variant="destructive" data-testid={testId}>
      <TriangleAlert aria-hidden="true" />
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}
