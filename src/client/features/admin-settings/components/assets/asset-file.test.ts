import { describe, expect, it } from 'vitest';
import { ASSET_MAX_BYTES } from '#shared/schemas/admin-lists.ts';
import { checkAssetUpload } from './asset-file.ts';

const file = (name: string, type: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type });

describe('checkAssetUpload', () => {
  it("asks for the file first, then the tier: 'Missing information'", () => {
    expect(checkAssetUpload(null, 'noir')).toMatchObject({
      ok: false,
      title: 'Missing information',
      field: 'file',
    });
    expect(checkAssetUpload(file('card.png', 'image/png'), '')).toMatchObject({
      ok: false,
      title: 'Missing information',
      field: 'tier',
    });
  });

  it('refuses a tier without artwork (elite) as missing, not as a valid choice', () => {
    expect(checkAssetUpload(file('card.png', 'image/png'), 'elite')).toMatchObject({
      ok: false,
      field: 'tier',
    });
  });

  it.each([
    ['card.png', 'image/png'],
    ['card.webp', 'image/webp'],
    ['card.svg', 'image/svg+xml'],
    ['CARD.SVG', ''],
  ])('accepts %s (%s)', (name, type) => {
    expect(checkAssetUpload(file(name, type), 'titan')).toMatchObject({ ok: true, tier: 'titan' });
  });

  it.each([
    ['card.jpg', 'image/jpeg'],
    ['card.gif', 'image/gif'],
    ['notes.txt', ''],
    ['card.png.exe', 'application/x-msdownload'],
  ])("refuses %s (%s): 'Invalid file type'", (name, type) => {
    expect(checkAssetUpload(file(name, type), 'noir')).toMatchObject({
      ok: false,
      title: 'Invalid file type',
    });
  });

  it('refuses a file over the size limit before sending it', () => {
    const result = checkAssetUpload(file('big.png', 'image/png', ASSET_MAX_BYTES + 1), 'noir');
    expect(result).toMatchObject({ ok: false, title: 'Upload failed' });
  });
});
