import { describe, expect, it } from 'vitest';
import { canPreview, checkKycFile } from './kyc-file.ts';

const fileOf = (name: string, type: string, size = 1024) =>
  new File([new Uint8Array(size)], name, { type });

describe('checkKycFile', () => {
  it('accepts the document types, by declared type or, without one, by extension', () => {
    for (const [name, type] of [
      ['passport.jpg', 'image/jpeg'],
      ['passport.png', 'image/png'],
      ['passport.webp', 'image/webp'],
      ['passport.heic', 'image/heic'],
      ['passport.HEIC', ''],
      ['licence.pdf', 'application/pdf'],
    ] as const) {
      expect(checkKycFile(fileOf(name, type), 'document')).toBeNull();
    }
  });

  it('refuses other types, a PDF selfie, empty and oversized files with clear words', () => {
    expect(checkKycFile(fileOf('notes.txt', 'text/plain'), 'document')).toMatch(
      /JPEG, PNG, WebP, HEIC or PDF/,
    );
    // A declared type wins over a hopeful extension.
    expect(checkKycFile(fileOf('photo.jpg', 'image/gif'), 'document')).not.toBeNull();
    expect(checkKycFile(fileOf('selfie.pdf', 'application/pdf'), 'selfie')).toMatch(
      /JPEG, PNG, WebP or HEIC photo/,
    );
    expect(checkKycFile(fileOf('empty.jpg', 'image/jpeg', 0), 'selfie')).toMatch(/empty/);
    expect(checkKycFile(fileOf('big.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1), 'document')).toBe(
      'This file is 10.0 MB. Files can be at most 10 MB; please choose a smaller one.',
    );
    expect(checkKycFile(fileOf('max.jpg', 'image/jpeg', 10 * 1024 * 1024), 'document')).toBeNull();
  });

  it('previews only what the browser can draw', () => {
    expect(canPreview(fileOf('a.jpg', 'image/jpeg'))).toBe(true);
    expect(canPreview(fileOf('a.heic', 'image/heic'))).toBe(false);
    expect(canPreview(fileOf('a.pdf', 'application/pdf'))).toBe(false);
  });
});
