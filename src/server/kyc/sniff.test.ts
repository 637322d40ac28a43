import { describe, expect, it } from 'vitest';
import { sniffFileType } from './sniff.ts';

const ftyp = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(`ftyp${brand}\0\0\0\0mif1${brand}`)]);

describe('sniffFileType', () => {
  it('recognises each accepted type by its first bytes', () => {
    expect(sniffFileType(Buffer.from('ffd8ffe000104a464946', 'hex'))).toBe('jpeg');
    expect(sniffFileType(Buffer.from('89504e470d0a1a0a0000000d', 'hex'))).toBe('png');
    expect(sniffFileType(Buffer.from('RIFF\x10\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(sniffFileType(ftyp('heic'))).toBe('heic');
    expect(sniffFileType(ftyp('heix'))).toBe('heic');
    expect(sniffFileType(ftyp('mif1'))).toBe('heic');
    expect(sniffFileType(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
  });

  it('refuses everything else, however it is dressed', () => {
    for (const bytes of [
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('MZ\x90\0\x03\0', 'latin1'),
      Buffer.from('GIF89a\x01\0\x01\0', 'latin1'),
      Buffer.from('RIFF\x10\0\0\0WAVEfmt ', 'latin1'),
      ftyp('isom'), // an MP4 video
      ftyp('avif'),
      Buffer.from('  %PDF-1.7'),
      Buffer.from([0xff, 0xd8]),
      Buffer.alloc(0),
    ]) {
      expect(sniffFileType(bytes)).toBeNull();
    }
  });
});
