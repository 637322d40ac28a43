import { useLayoutEffect, useMemo, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import type { LegalDocument } from '#shared/schemas/site.ts';
import { cn } from '#client/utils/cn.ts';
import { formatLegalDate, headingTexts } from '../utils/legal-doc.ts';

/**
 * Typesetting for the server's document HTML (h2, h3, p, lists, links, tables), in both
 * themes. Sections are separated by a hairline; tables scroll inside their own frame.
 */
const PROSE = cn(
  'text-base leading-[1.8] text-foreground/90 md:text-[1.0625rem]',
  // A comfortable measure for text; tables may use the column's full width.
  '[&>*]:max-w-[68ch] [&>[data-table-frame]]:max-w-none',
  '[&>:first-child]:mt-0',
  '[&_h2]:mt-14 [&_h2]:mb-5 [&_h2]:scroll-mt-24 [&_h2]:border-t [&_h2]:border-border [&_h2]:pt-10',
  '[&_h2]:text-2xl [&_h2]:leading-snug [&_h2]:text-foreground md:[&_h2]:text-[1.75rem]',
  '[&>h2:first-child]:border-t-0 [&>h2:first-child]:pt-0',
  '[&_h3]:mt-9 [&_h3]:mb-3 [&_h3]:text-lg [&_h3]:leading-snug [&_h3]:text-foreground md:[&_h3]:text-xl',
  '[&_h4]:mt-7 [&_h4]:mb-2 [&_h4]:font-semibold [&_h4]:text-foreground',
  '[&_p]:my-5',
  '[&_blockquote]:my-6 [&_blockquote]:border-l-2 [&_blockquote]:border-gold-soft [&_blockquote]:pl-5 [&_blockquote]:text-muted-foreground [&_blockquote]:italic',
  '[&_ul]:my-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-5 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:my-2.5 [&_li]:pl-1.5 [&_li]:marker:text-gold',
  '[&_strong]:font-semibold [&_strong]:text-foreground',
  '[&_a]:rounded-sm [&_a]:font-medium [&_a]:text-foreground [&_a]:underline [&_a]:decoration-gold-soft [&_a]:underline-offset-4 [&_a:hover]:decoration-2',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em]',
  // Tables: wrapped (below) in a frame that scrolls sideways, so the page never does.
  '[&_table]:w-full [&_table]:border-collapse [&_table]:text-left [&_table]:text-[0.9375rem] [&_table]:leading-relaxed',
  '[&_th]:bg-muted [&_th]:px-4 [&_th]:py-3 [&_th]:align-bottom [&_th]:text-sm [&_th]:font-semibold [&_th]:text-foreground',
  '[&_td]:min-w-[9rem] [&_td]:border-t [&_td]:border-border [&_td]:px-4 [&_td]:py-3 [&_td]:align-top',
  '[&_td>p]:my-0',
);

/** Three or more columns get room to breathe; the frame scrolls on a phone instead. */
const WIDE_TABLE = 'min-w-[48rem]';

const TABLE_HINT = 'mt-8 -mb-5 text-xs text-muted-foreground';

const TABLE_FRAME =
  'my-8 overflow-x-auto rounded-lg border border-border bg-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

type Section = { id: string; title: string };

const sectionId = (slug: string, index: number) => `${slug}-section-${index + 1}`;

/** The document's h2 headings, for "On this page". */
function readSections(slug: string, html: string): Section[] {
  return headingTexts(html).map((title, index) => ({ id: sectionId(slug, index), title }));
}

/** Nearest heading before a table, to name its scrolling frame for screen readers. */
function tableLabel(table: Element): string {
  for (let node = table.previousElementSibling; node; node = node.previousElementSibling) {
    if (node.matches('h2, h3')) return `Table: ${node.textContent?.trim() ?? ''}`;
  }
  return 'Table';
}

/**
 * Adds what sanitised HTML cannot carry: ids on the section headings (for "On this page")
 * and a labelled, scrolling frame around each table. Runs on the rendered DOM, so the markup
 * handed to React stays exactly the server's sanitised HTML.
 */
function enhance(container: HTMLElement, slug: string): void {
  container.querySelectorAll('h2').forEach((heading, index) => {
    heading.id = sectionId(slug, index);
    heading.tabIndex = -1;
  });
  container.querySelectorAll('table').forEach((table) => {
    if (table.parentElement?.dataset.tableFrame !== undefined) return;
    const frame = document.createElement('div');
    frame.dataset.tableFrame = '';
    frame.className = TABLE_FRAME;
    frame.setAttribute('role', 'region');
    frame.setAttribute('aria-label', tableLabel(table));
    if ((table.querySelector('tr')?.children.length ?? 0) >= 3) table.classList.add(WIDE_TABLE);
    table.replaceWith(frame);
    frame.append(table);
    // A visual cue on narrow screens; shown only while the frame actually scrolls.
    const hint = document.createElement('div');
    hint.dataset.tableHint = '';
    hint.hidden = true;
    hint.setAttribute('aria-hidden', 'true');
    hint.className = TABLE_HINT;
    hint.textContent = 'Scroll sideways to see the whole table \u2192';
    frame.before(hint);
  });
}

/**
 * A frame that scrolls must be reachable by keyboard and says so; one that fits stays out of
 * the Tab order.
 */
function syncScrollingFrames(container: HTMLElement): void {
  container.querySelectorAll<HTMLElement>('[data-table-frame]').forEach((frame) => {
    const scrolls = frame.scrollWidth > frame.clientWidth + 1;
    if (scrolls) frame.tabIndex = 0;
    else frame.removeAttribute('tabindex');
    const hint = frame.previousElementSibling;
    if (hint instanceof HTMLElement && hint.dataset.tableHint !== undefined) hint.hidden = !scrolls;
  });
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function LegalDocumentView({ document: legalDocument }: { document: LegalDocument }) {
  const { slug, html } = legalDocument;
  const navigate = useNavigate();
  const proseRef = useRef<HTMLDivElement>(null);
  const sections = useMemo(() => readSections(slug, html), [slug, html]);

  useLayoutEffect(() => {
    const container = proseRef.current;
    if (!container) return;
    enhance(container, slug);
    syncScrollingFrames(container);
    const observer = new ResizeObserver(() => syncScrollingFrames(container));
    observer.observe(container);
    return () => observer.disconnect();
  }, [slug, html]);

  // Links inside the document to our own pages navigate in the app, without a full reload.
  const onProseClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download'))
      return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  };

  const goToSection = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const heading = document.getElementById(id);
    if (!heading) return;
    // The router owns the address: scroll and focus without adding a #fragment.
    event.preventDefault();
    heading.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    heading.focus({ preventScroll: true });
  };

  return (
    <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_15rem] lg:gap-16">
      <article className="min-w-0" aria-labelledby={`legal-title-${slug}`}>
        <LegalDocumentHeader
          slug={slug}
          title={legalDocument.title}
          updatedAt={legalDocument.updated_at}
        />
        <div
          ref={proseRef}
          data-testid="legal-content"
          className={cn(PROSE, 'mt-10 md:mt-12')}
          onClick={onProseClick}
          // Safe: `html` is the server's output of its sanitiser (sanitize-html allow-list, no
          // scripts, handlers or styles), and nothing else is ever passed here.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </article>
      {sections.length > 1 ? (
        <aside className="hidden lg:block">
          <nav
            aria-label="On this page"
            className="sticky top-24 max-h-[calc(100dvh-8rem)] overflow-y-auto border-l border-border pl-6"
          >
            <p className="text-xs font-semibold tracking-[0.2em] text-gold uppercase">
              On this page
            </p>
            <ol className="mt-4 space-y-2.5 text-sm leading-snug">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    onClick={(event) => goToSection(event, section.id)}
                    className="rounded-sm text-muted-foreground transition-colors hover:text-foreground"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        </aside>
      ) : null}
    </div>
  );
}

type LegalDocumentHeaderProps = {
  slug: string;
  title: string;
  /** ISO time of the last update; undefined while loading (a placeholder), null for none. */
  updatedAt?: string | null;
};

/** The page's one h1 (the document's title) and its date. */
export function LegalDocumentHeader({ slug, title, updatedAt }: LegalDocumentHeaderProps) {
  const updated = updatedAt == null ? updatedAt : formatLegalDate(updatedAt);
  return (
    <header>
      <h1 id={`legal-title-${slug}`} className="text-4xl leading-tight md:text-5xl">
        {title}
      </h1>
      {updated === null ? null : (
        <p className="mt-4 flex h-5 items-center gap-2.5 text-sm text-muted-foreground">
          <span aria-hidden="true" className="h-px w-6 bg-gold-soft" />
          {updated === undefined ? (
            <span
              data-skeleton=""
              className="block h-3.5 w-44 animate-pulse rounded bg-muted motion-reduce:animate-none"
            />
          ) : (
            <span data-testid="legal-updated">
              Last updated <time dateTime={updatedAt ?? undefined}>{updated}</time>
            </span>
          )}
        </p>
      )}
    </header>
  );
}
