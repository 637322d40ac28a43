import { DEFAULT_TITLE, pageTitle } from '../../config/site.ts';

type HeadProps = {
  /** Page name; the document title becomes '{title} | Waj'. Omit for the default title. */
  title?: string;
  /** Ask search engines not to index this page. */
  noindex?: boolean;
};

/**
 * Per-page <head> tags. React 19 hoists <title> and <meta> into the document head and removes
 * them when the page unmounts, so the index.html defaults come back on pages without a Head.
 */
export function Head({ title, noindex = false }: HeadProps) {
  return (
    <>
      <title>{title ? pageTitle(title) : DEFAULT_TITLE}</title>
      {noindex ? <meta name="robots" content="noindex" /> : null}
    </>
  );
}
