import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNull,
  PDFPageLeaf,
  PDFRef,
  PDFStream,
  type PDFContext,
  type PDFObject,
} from 'pdf-lib';

/** An identity document is a page or two; a long PDF is not one, and costs more to rewrite. */
export const MAX_PDF_PAGES = 20;

/**
 * What a page keeps: what it looks like, nothing that acts. Annotations (links, form fields,
 * attachments, media), page actions, metadata and structure are all left behind.
 */
const PAGE_KEYS = new Set(
  [
    'Type',
    'Resources',
    'MediaBox',
    'CropBox',
    'BleedBox',
    'TrimBox',
    'ArtBox',
    'Contents',
    'Rotate',
    'UserUnit',
    'Group',
  ].map((key) => PDFName.of(key)),
);

/** Keys that hold actions, scripts or attached files wherever they appear. */
const ACTIVE_KEYS = new Set(
  ['A', 'AA', 'OpenAction', 'JS', 'JavaScript', 'Names', 'AF', 'EF', 'EmbeddedFiles', 'Annots'].map(
    (key) => PDFName.of(key),
  ),
);

/** Dictionaries no page content needs: actions, file specifications, files, document roots. */
const ACTIVE_TYPES = new Set(
  ['Action', 'Filespec', 'EmbeddedFile', 'Catalog', 'Pages', 'Annot'].map((t) => PDFName.of(t)),
);
const ACTION_KINDS = new Set(
  [
    'JavaScript',
    'Launch',
    'SubmitForm',
    'ImportData',
    'ResetForm',
    'URI',
    'GoTo',
    'GoToR',
    'GoToE',
    'Named',
    'Hide',
    'Rendition',
    'RichMediaExecute',
    'Sound',
    'Movie',
    'SetOCGState',
  ].map((kind) => PDFName.of(kind)),
);

const TYPE = PDFName.of('Type');
const KIND = PDFName.of('S');
const PARENT = PDFName.of('Parent');

function dictOf(object: PDFObject | undefined): PDFDict | undefined {
  if (object instanceof PDFDict) return object;
  if (object instanceof PDFStream) return object.dict;
  return undefined;
}

function isActive(context: PDFContext, value: PDFObject): boolean {
  const dict = dictOf(value instanceof PDFRef ? context.lookup(value) : value);
  if (!dict) return false;
  const type = dict.get(TYPE);
  const kind = dict.get(KIND);
  return (
    (type instanceof PDFName && ACTIVE_TYPES.has(type)) ||
    (kind instanceof PDFName && ACTION_KINDS.has(kind)) ||
    dict.has(PDFName.of('JS')) ||
    dict.has(PDFName.of('EF'))
  );
}

/**
 * Walks everything a page draws with (its resources, fonts, images, forms) and cuts every link
 * to an action, script or attached file, so none of it is reachable when the page is copied.
 */
function disarm(context: PDFContext, page: PDFPageLeaf): void {
  // Inherited resources are brought onto the page, so they are walked (and copied) with it.
  for (const name of PDFPageLeaf.InheritableEntries) {
    const key = PDFName.of(name);
    const value = page.getInheritableAttribute(key);
    if (value && !page.has(key)) page.set(key, value);
  }
  for (const key of page.keys()) if (!PAGE_KEYS.has(key)) page.delete(key);
  const seen = new Set<PDFObject>();
  const stack: PDFObject[] = [page];
  while (stack.length) {
    let object = stack.pop()!;
    if (object instanceof PDFRef) object = context.lookup(object) ?? PDFNull;
    if (seen.has(object)) continue;
    seen.add(object);
    const dict = dictOf(object);
    if (dict) {
      for (const [key, value] of dict.entries()) {
        if (ACTIVE_KEYS.has(key) || isActive(context, value)) dict.delete(key);
        else if (key !== PARENT) stack.push(value);
      }
    } else if (object instanceof PDFArray) {
      for (let i = 0; i < object.size(); i++) {
        const value = object.get(i);
        if (isActive(context, value)) object.set(i, PDFNull);
        else stack.push(value);
      }
    }
  }
}

/**
 * A clean copy of a PDF: its pages alone, copied into a new document. The original's catalog
 * (open actions, document scripts, attachments, forms, outlines, metadata) never makes it
 * across, and each page is disarmed first (see above). Returns null for anything that is not a
 * readable PDF of 1 to MAX_PDF_PAGES pages, encrypted files included.
 */
export async function rewritePdf(data: Buffer): Promise<Buffer | null> {
  let source: PDFDocument;
  try {
    // Encrypted files throw here (ignoreEncryption is off): they cannot be checked.
    source = await PDFDocument.load(data, { updateMetadata: false });
  } catch {
    return null;
  }
  try {
    const count = source.getPageCount();
    if (count < 1 || count > MAX_PDF_PAGES) return null;
    const pages = source.getPages();
    for (const page of pages) disarm(source.context, page.node);
    const output = await PDFDocument.create({ updateMetadata: false });
    const copies = await output.copyPages(
      source,
      pages.map((_, i) => i),
    );
    for (const copy of copies) output.addPage(copy);
    // Plain objects, not compressed object streams, so the file can be inspected as text.
    return Buffer.from(await output.save({ useObjectStreams: false }));
  } catch {
    return null;
  }
}
