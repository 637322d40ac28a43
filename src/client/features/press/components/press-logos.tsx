import { cn } from '#client/utils/cn.ts';
import { DownloadLink } from './download-link.tsx';

type LogoFile = {
  href: string;
  label: string;
  usage: string;
  /** The tile matches the background the file is made for, in either site theme. */
  tile: string;
};

/** Rendered from the logo SVG at build time (scripts, `/press/*.png`). */
const LOGO_FILES: readonly LogoFile[] = [
  {
    href: '/press/waj-logo-light.png',
    label: 'Light',
    usage: 'For light backgrounds: ivory, white and pale photography.',
    tile: 'bg-[#FAF8F4]',
  },
  {
    href: '/press/waj-logo-dark.png',
    label: 'Dark',
    usage: 'For dark backgrounds: ink, black and deep photography.',
    tile: 'bg-[#14161B]',
  },
];

/** Intrinsic size of the logo PNGs; the preview box holds the ratio, so nothing shifts. */
const LOGO_WIDTH = 1200;
const LOGO_HEIGHT = 516;

export function PressLogos() {
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {LOGO_FILES.map((logo) => (
        <li key={logo.href} className="overflow-hidden rounded-lg border border-border bg-card">
          <div className={cn('flex aspect-[16/9] items-center justify-center p-10', logo.tile)}>
            <img
              src={logo.href}
              alt={`Waj logo, ${logo.label.toLowerCase()} version`}
              width={LOGO_WIDTH}
              height={LOGO_HEIGHT}
              decoding="async"
              className="h-full max-h-28 w-full object-contain"
            />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-4 border-t border-border p-5">
            <div>
              <h3 className="text-lg">{logo.label} logo</h3>
              <p className="mt-1 text-sm text-muted-foreground">{logo.usage}</p>
            </div>
            <DownloadLink href={logo.href} subject={`${logo.label.toLowerCase()} logo`} />
          </div>
        </li>
      ))}
    </ul>
  );
}
