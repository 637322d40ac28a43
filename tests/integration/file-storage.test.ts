import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/errors.ts';
import { createDiskStorage } from '../../src/server/storage/disk.ts';
import type { FileStorage } from '../../src/server/storage/storage.ts';

let base: string;
let root: string;
let storage: FileStorage;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'waj-storage-'));
  root = join(base, 'files');
  storage = createDiskStorage({ root });
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('disk file storage', () => {
  it('stores, reads back, replaces and deletes a file', async () => {
    const key = 'kyc/0b9d2c1e-8f4a-4d7b-9a3e-1c2d3e4f5a6b.jpg';
    const data = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    expect(await storage.put(key, data, { contentType: 'image/jpeg' })).toEqual({
      size: data.length,
    });
    expect(await readAll(await storage.getStream(key))).toEqual(data);

    const replacement = Buffer.from('second version');
    await storage.put(key, replacement);
    expect(await readAll(await storage.getStream(key))).toEqual(replacement);
    // No temporary files are left beside the target.
    expect(readdirSync(join(root, 'kyc'))).toEqual(['0b9d2c1e-8f4a-4d7b-9a3e-1c2d3e4f5a6b.jpg']);

    await storage.delete(key);
    await expect(storage.getStream(key)).rejects.toMatchObject({
      code: 'not_found',
      message: 'File not found',
    });
    // Deleting again is not an error.
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('reports a missing file as not_found', async () => {
    const error = await storage.getStream('kyc/missing.png').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'not_found', message: 'File not found' });
  });

  it('creates files 0600 and directories 0700', async () => {
    const key = 'kyc/nested/selfie_1.png';
    await storage.put(key, Buffer.from('png'));
    expect(statSync(join(root, 'kyc', 'nested', 'selfie_1.png')).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, 'kyc', 'nested')).mode & 0o777).toBe(0o700);
  });

  it.each([
    '../escape.txt',
    'kyc/../../escape.txt',
    '/etc/passwd.txt',
    'kyc//double.jpg',
    'kyc/./dot.jpg',
    'kyc/UPPER.jpg',
    'kyc/no-extension',
    'kyc/two.ext.jpg',
    'kyc\\back.jpg',
    'kyc/space name.jpg',
    'kyc/nul\0.jpg',
    'kyc/trailing/',
    '',
    `kyc/${'a'.repeat(300)}.jpg`,
  ])('refuses the key %j', async (key) => {
    const invalid = { code: 'invalid_input', message: 'Invalid file key' };
    await expect(storage.put(key, Buffer.from('x'))).rejects.toMatchObject(invalid);
    await expect(storage.getStream(key)).rejects.toMatchObject(invalid);
    await expect(storage.delete(key)).rejects.toMatchObject(invalid);
  });

  it('never writes outside its root', async () => {
    writeFileSync(join(base, 'outside.txt'), 'untouched');
    await expect(storage.put('../outside.txt', Buffer.from('overwritten'))).rejects.toThrow();
    await expect(storage.delete('../outside.txt')).rejects.toThrow();
    expect(readdirSync(base).sort()).toEqual(['files', 'outside.txt']);
  });
});
