import { cn } from '#client/utils/cn.ts';

type BrandColour = {
  name: string;
  hex: string;
  role: string;
  /** The swatch fill; a literal class so Tailwind generates it. */
  swatch: string;
};

/** The five colours of the site's theme (src/client/styles.css), as the press should use them. */
const BRAND_COLOURS: readonly BrandColour[] = [
  { name: 'Ink', hex: '#14161B', role: 'Type and primary surfaces', swatch: 'bg-[#14161B]' },
  { name: 'Ivory', hex: '#FAF8F4', role: 'Page and paper', swatch: 'bg-[#FAF8F4]' },
  { name: 'Gold', hex: '#C9A45C', role: 'Monogram and accents', swatch: 'bg-[#C9A45C]' },
  { name: 'Bronze', hex: '#7D5F27', role: 'Gold type on light grounds', swatch: 'bg-[#7D5F27]' },
  { name: 'Graphite', hex: '#262A31', role: 'Hairlines on dark grounds', swatch: 'bg-[#262A31]' },
];

function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `${(value >> 16) & 255} ${(value >> 8) & 255} ${value & 255}`;
}

export function BrandPalette() {
  return (
    <ul className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
      {BRAND_COLOURS.map((colour) => (
        <li
          key={colour.name}
          data-testid="brand-colour"
          className="flex overflow-hidden rounded-lg border border-border bg-card sm:flex-col"
        >
          <div
            aria-hidden="true"
            className={cn(
              'w-24 shrink-0 border-r border-border sm:h-28 sm:w-auto sm:border-r-0 sm:border-b md:h-32',
              colour.swatch,
            )}
          />
          <div className="p-4">
            <h3 className="text-lg">{colour.name}</h3>
            <p className="mt-1 font-mono text-sm tracking-wide uppercase">{colour.hex}</p>
            <p className="mt-0.5 font-mono text-xs text-muted-foreground">RGB {rgb(colour.hex)}</p>
            <p className="mt-3 text-sm leading-snug text-muted-foreground">{colour.role}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
