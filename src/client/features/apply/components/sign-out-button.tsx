import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { useApplicantSignOut } from '../api/sign-out.ts';
import { hasApplicantSession } from '../utils/session.ts';

const SIGN_OUT_FAILED = 'Failed to sign out. Please try again.';

/**
 * Ends the applicant's session on this device and on the server (a shared computer), then goes
 * to /apply, or lets a screen that stays (/apply itself) know. Shown only while there is a
 * session to end.
 */
export function SignOutButton({ onSignedOut }: { onSignedOut?: () => void } = {}) {
  const navigate = useNavigate();
  const signOut = useApplicantSignOut();
  if (!hasApplicantSession() && !signOut.isPending) return null;

  const onClick = () =>
    signOut.mutate(undefined, {
      onSuccess: () =>
        onSignedOut ? onSignedOut() : void navigate(paths.apply.root.getHref(), { replace: true }),
      onError: (error) => {
        // Still signed in on the server: saying otherwise would leave the session open.
        const message = isApiError(error) && error.status !== 0 ? error.message : SIGN_OUT_FAILED;
        toast.error('Sign out failed', { description: message });
      },
    });

  return (
    <Button
      variant="outline"
      size="sm"
      onClick={onClick}
      disabled={signOut.isPending}
      aria-busy={signOut.isPending || undefined}
      data-testid="applicant-sign-out"
    >
      <LogOut aria-hidden="true" />
      {signOut.isPending ? 'Signing out...' : 'Sign out'}
    </Button>
  );
}
