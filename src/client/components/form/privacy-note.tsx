import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

/** The line under a form's button: what the details are used for, and the Privacy Policy. */
export function PrivacyNote({ purpose, className }: { purpose: string; className: string }) {
  return (
    <p className={className}>
      We use your details only to {purpose}, as our{' '}
      <Link
        to={paths.legal.privacy.getHref()}
        className="rounded-sm text-foreground underline decoration-gold-soft underline-offset-4 hover:decoration-2"
      >
        Privacy Policy
      </Link>{' '}
      explains.
    </p>
  );
}
