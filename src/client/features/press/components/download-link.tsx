import { Download } from 'lucide-react';
import { buttonVariants } from '#client/components/ui/button.tsx';

type DownloadLinkProps = {
  href: string;
  /** What is downloaded, for screen readers: every link reads 'Download PNG' on screen. */
  subject: string;
};

/** A plain link with `download`: the browser saves the file instead of opening it. */
export function DownloadLink({ href, subject }: DownloadLinkProps) {
  return (
    <a href={href} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      <Download aria-hidden="true" />
      Download PNG
      <span className="sr-only">: {subject}</span>
    </a>
  );
}
