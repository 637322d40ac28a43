import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

/** A scanned document as an applicant would send it: pages with a line of text, nothing else. */
export async function plainPdf(pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    doc.addPage([420, 260]).drawText(`DRIVING LICENCE ${i + 1}`, { x: 30, y: 200, font, size: 18 });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * A one-page PDF carrying every usual kind of active content: a JavaScript open action, a
 * document-level script, an attached executable, a form, a page action and a link that launch
 * programs, a file-attachment annotation, and a script hidden behind an odd key in the page's
 * resources. Written without object streams, so each of them can be found in the bytes.
 */
export async function activePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([420, 260]);
  page.drawText('DRIVING LICENCE', { x: 30, y: 200, font, size: 18 });
  const { context } = doc;
  const script = (code: string) =>
    context.register(context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(code) }));
  const launch = () => context.obj({ S: 'Launch', F: PDFString.of('cmd.exe') });

  doc.catalog.set(PDFName.of('OpenAction'), script("app.alert('open')"));
  doc.addJavaScript('greet', "app.alert('document script')");
  await doc.attach(Buffer.from('MZ payload'), 'payload.exe', {
    mimeType: 'application/x-msdownload',
  });
  doc.getForm().createTextField('name').addToPage(page, { x: 30, y: 100 });

  page.node.set(PDFName.of('AA'), context.obj({ O: launch() }));
  const fileSpec = context.obj({
    Type: 'Filespec',
    F: PDFString.of('notes.exe'),
    EF: { F: context.register(context.flateStream('MZ second payload', { Type: 'EmbeddedFile' })) },
  });
  const annots = page.node.Annots();
  annots?.push(
    context.register(
      context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 100, 40], A: launch() }),
    ),
  );
  annots?.push(
    context.register(
      context.obj({
        Type: 'Annot',
        Subtype: 'FileAttachment',
        Rect: [0, 40, 20, 60],
        FS: fileSpec,
      }),
    ),
  );
  page.node.Resources()?.set(PDFName.of('Extra'), script("app.alert('hidden')"));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** What a stored PDF must not contain (names as they appear in a PDF's dictionaries). */
export const ACTIVE_PDF_MARKERS = [
  '/JavaScript',
  '/JS',
  '/OpenAction',
  '/AA',
  '/EmbeddedFile',
  '/Launch',
  '/AcroForm',
  '/Annots',
] as const;
