import { Cookie } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { toast } from '#client/lib/toast.ts';
import { setBottomSheetSpace } from '#client/lib/bottom-sheet-space.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { paths } from '#client/config/paths.ts';
import { saveConsent } from '../consent-store.ts';

function choose(analytics: boolean, description: string): void {
  saveConsent(analytics);
  toast.success('Preferences saved', { description });
}

/**
 * While the sheet shows, the page keeps its height free at the bottom (WCAG 2.2 SC 2.4.11,
 * issue 18): padding below the body, so the last of the page can scroll above the sheet, and
 * `scroll-padding-bottom`, so an element that takes focus is scrolled clear of it. The height is
 * followed as the sheet changes (Manage Cookie Settings, a rotated phone). Set from an effect on
 * the document itself, on properties that do not inherit, so only <html> and <body> restyle;
 * the few elements that sit above the sheet read its height from lib/bottom-sheet-space.ts.
 */
function useReservedSpace(sheetRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const sheet = sheetRef.current;
    if (!sheet) return;
    const root = document.documentElement;
    const reserve = () => {
      const px = Math.ceil(sheet.getBoundingClientRect().height);
      root.style.scrollPaddingBottom = `${px}px`;
      document.body.style.paddingBottom = `${px}px`;
      setBottomSheetSpace(px);
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(sheet);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = '';
      document.body.style.paddingBottom = '';
      setBottomSheetSpace(0);
    };
  }, [sheetRef]);
}

/**
 * The cookie preferences bottom sheet (SPEC §2, §4), shown by ConsentSheet (consent-sheet.tsx).
 * Deliberately non-modal: it never takes focus or blocks the page, so a visitor can read on and
 * decide later; it is a labelled landmark that keyboard users reach at the end of the page.
 */
export function ConsentSheetPanel() {
  const [managing, setManaging] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const headingId = useId();
  const analyticsId = useId();
  const sheetRef = useRef<HTMLElement>(null);

  useReservedSpace(sheetRef);

  return (
    <aside
      ref={sheetRef}
      aria-labelledby={headingId}
      data-testid="consent-sheet"
      className="fixed inset-x-0 bottom-0 z-50 px-3 pb-3 sm:px-6 sm:pb-6"
    >
      <div className="mx-auto max-w-3xl animate-sheet-up rounded-xl border border-border bg-card p-5 text-card-foreground shadow-2xl motion-reduce:animate-none sm:p-6">
        <div className="flex items-start gap-3">
          <Cookie aria-hidden="true" className="mt-1 size-5 shrink-0 text-gold" />
          <div className="min-w-0 flex-1">
            <h2 id={headingId} className="text-xl">
              Your cookie preferences
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
              We use essential cookies to keep Waj secure and working. With your permission we would
              also use analytics cookies to learn how our site is used. Read our{' '}
              <Link
                to={paths.legal.cookies.getHref()}
                className="rounded-sm text-foreground underline decoration-gold-soft underline-offset-4 hover:decoration-2"
              >
                Cookie Policy
              </Link>
              .
            </p>
          </div>
        </div>

        {managing ? (
          <div className="mt-5 space-y-4 border-t border-border pt-5">
            <div className="flex items-center justify-between gap-4">
              <div>
                <p className="text-sm font-medium">Essential cookies</p>
                <p className="text-sm text-muted-foreground">
                  Security, sign-in and your preferences. Always on.
                </p>
              </div>
              <Switch checked disabled aria-label="Essential cookies (always on)" />
            </div>
            <div className="flex items-center justify-between gap-4">
              <div>
                <Label htmlFor={analyticsId} className="text-sm font-medium">
                  Analytics cookies
                </Label>
                <p className="text-sm text-muted-foreground">
                  Help us understand how the site is used so we can improve it.
                </p>
              </div>
              <Switch id={analyticsId} checked={analytics} onCheckedChange={setAnalytics} />
            </div>
            <div className="flex justify-end">
              <Button
                type="button"
                onClick={() =>
                  choose(analytics, 'Thank you! Your cookie preferences have been saved')
                }
              >
                Save Preferences
              </Button>
            </div>
          </div>
        ) : (
          <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:items-center">
            <Button
              type="button"
              onClick={() => choose(true, 'Analytics enabled to help us improve your experience')}
            >
              Accept All
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => choose(false, 'Only essential cookies will be used')}
            >
              Essential Only
            </Button>
            <Button
              type="button"
              variant="ghost"
              className="sm:ml-auto"
              onClick={() => setManaging(true)}
            >
              Manage Cookie Settings
            </Button>
          </div>
        )}
      </div>
    </aside>
  );
}
