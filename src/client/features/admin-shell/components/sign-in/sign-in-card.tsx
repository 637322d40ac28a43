import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';

/** The card of the sign-in and joining screens: an icon, the page's heading and what to do. */
export function SignInCard({
  icon: Icon,
  title,
  descriptionId,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  descriptionId: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-center px-4 py-16 md:py-24">
      <Card className="w-full max-w-md">
        <CardHeader>
          <div className="mb-2 flex size-11 items-center justify-center rounded-full bg-muted">
            <Icon aria-hidden="true" className="size-5" />
          </div>
          <h1 className="font-serif text-3xl leading-tight">{title}</h1>
          <CardDescription id={descriptionId}>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
