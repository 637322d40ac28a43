import { PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { rewritePdf } from './pdf.ts';

describe('rewritePdf', () => {
  it('keeps what a page draws, inherited resources included, and cuts attached files out of them', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 200]);
    const { context } = doc;
    // A form XObject with an associated (attached) file, in resources the page inherits.
    const attached = context.register(context.flateStream('MZ payload', { Type: 'EmbeddedFile' }));
    const form = context.register(
      context.stream('0 0 m 10 10 l S', {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, 0, 10, 10],
        AF: [context.obj({ Type: 'Filespec', F: PDFString.of('x.exe'), EF: { F: attached } })],
      }),
    );
    page.node.delete(PDFName.of('Resources'));
    doc.catalog.Pages().set(PDFName.of('Resources'), context.obj({ XObject: { Fm1: form } }));
    page.node.set(PDFName.of('Contents'), context.register(context.stream('q /Fm1 Do Q')));
    const original = Buffer.from(await doc.save({ useObjectStreams: false }));
    expect(original.includes('/EmbeddedFile')).toBe(true);

    const clean = (await rewritePdf(original))!;
    expect(clean).not.toBeNull();
    expect(clean.includes('/EmbeddedFile')).toBe(false);
    expect(clean.includes('/Filespec')).toBe(false);
    const copy = await PDFDocument.load(clean);
    const [copied] = copy.getPages();
    const resources = copied!.node.Resources()!;
    const xobjects = resources.lookup(PDFName.of('XObject'), PDFDict);
    expect(xobjects.has(PDFName.of('Fm1'))).toBe(true);
    expect(copied!.getSize()).toEqual({ width: 300, height: 200 });
  });

  it('refuses what pdf-lib cannot read, and a PDF without pages', async () => {
    expect(await rewritePdf(Buffer.from('%PDF-1.7\nnot really'))).toBeNull();
    const empty = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    expect(await rewritePdf(empty)).toBeNull();
  });
});
