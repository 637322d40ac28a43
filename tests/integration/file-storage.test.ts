import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '#server/env.ts';
import { AppError } from '#server/errors.ts';
import { createServer } from '#server/server.ts';
import { createDiskStorage } from '#server/storage/disk.ts';
import { openFileStorage } from '#server/storage/open.ts';
import { createS3Storage, type S3Storage } from '#server/storage/s3.ts';
import type { FileStorage } from '#server/storage/storage.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { startTestS3Server, type TestS3Server } from '../helpers/s3-server.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Bytes of every file under `dir`: what a driver has written so far, finished or not. */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

interface DriverUnderTest {
  storage: FileStorage;
  /** Where the driver's bytes land on this machine (the disk root, or s3rver's directory). */
  bytesStored(): number;
  close(): Promise<void>;
}

let s3: TestS3Server;
let s3Storage: S3Storage;
let diskBase: string;
let diskRoot: string;

beforeAll(async () => {
  diskBase = mkdtempSync(join(tmpdir(), 'waj-storage-'));
  diskRoot = join(diskBase, 'files');
  s3 = await startTestS3Server();
  s3Storage = await createS3Storage({
    bucket: s3.bucket,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    endpoint: s3.endpoint,
    // The smallest S3 allows, so a 20 MB file goes up in four parts.
    partSize: 5 * 1024 * 1024,
  });
});

afterAll(async () => {
  s3Storage.close();
  await s3.close();
  rmSync(diskBase, { recursive: true, force: true });
});

const drivers: Record<'disk' | 's3', () => DriverUnderTest> = {
  disk: () => ({
    storage: createDiskStorage({ root: diskRoot }),
    bytesStored: () => bytesUnder(diskBase),
    close: async () => {},
  }),
  s3: () => ({
    storage: s3Storage,
    bytesStored: () => bytesUnder(s3.directory),
    close: async () => {},
  }),
};

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** 20 MB made as it is read, in 64 KB chunks; `beforeLast` runs before the final chunk. */
function largeSource(size: number, beforeLast: () => Promise<void>) {
  const hash = createHash('sha256');
  const count = size / CHUNK;
  async function* chunks() {
    for (let i = 0; i < count; i++) {
      if (i === count - 1) await beforeLast();
      const chunk = Buffer.alloc(CHUNK, i % 251);
      hash.update(chunk);
      yield chunk;
    }
  }
  return { stream: Readable.from(chunks()), digest: () => hash.digest('hex') };
}

describe.each(['disk', 's3'] as const)('%s file storage', (kind) => {
  let driver: DriverUnderTest;
  let storage: FileStorage;

  beforeAll(() => {
    driver = drivers[kind]();
    storage = driver.storage;
  });

  afterAll(async () => {
    await driver.close();
  });

  it('stores, reads back, replaces and deletes a file', async () => {
    const key = `kyc/${randomUUID()}.jpg`;
    const data = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    expect(await storage.put(key, data, { contentType: 'image/jpeg' })).toEqual({
      size: data.length,
    });
    expect(await readAll(await storage.getStream(key))).toEqual(data);

    const replacement = Buffer.from('second version');
    await storage.put(key, replacement);
    expect(await readAll(await storage.getStream(key))).toEqual(replacement);

    await storage.delete(key);
    await expect(storage.getStream(key)).rejects.toMatchObject({
      code: 'not_found',
      message: 'File not found',
    });
    // Deleting again is not an error: erasure can simply repeat.
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('reports a file that never existed as not_found, and deletes it without error', async () => {
    const error = await storage.getStream('kyc/missing.png').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'not_found', message: 'File not found' });
    await expect(storage.delete('kyc/never-stored.png')).resolves.toBeUndefined();
  });

  it('writes a 20 MB stream as it reads it, and reads it back as it arrives', async () => {
    const key = `big/${randomUUID()}.bin`;
    const before = driver.bytesStored();
    let storedBeforeEnd = 0;
    const source = largeSource(20 * MB, async () => {
      // Before the source ends, part of it must already be stored: a driver that gathered the
      // whole file in memory first would have written nothing yet.
      for (let i = 0; i < 100 && driver.bytesStored() - before < CHUNK; i++) await sleep(50);
      storedBeforeEnd = driver.bytesStored() - before;
    });
    expect(await storage.put(key, source.stream, { contentType: 'application/pdf' })).toEqual({
      size: 20 * MB,
    });
    expect(storedBeforeEnd).toBeGreaterThanOrEqual(CHUNK);

    const stream = await storage.getStream(key);
    const first = await new Promise<Buffer>((resolve, reject) => {
      stream.once('data', (chunk: Buffer) => {
        stream.pause();
        resolve(chunk);
      });
      stream.once('error', reject);
    });
    // The first chunk comes on its own, and while it is paused the stream holds back the
    // rest: the file is never in memory whole.
    expect(first.length).toBeLessThan(MB);
    await sleep(100);
    expect(stream.readableLength).toBeLessThan(2 * MB);
    const hash = createHash('sha256').update(first);
    let size = first.length;
    for await (const chunk of stream) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    expect(size).toBe(20 * MB);
    expect(hash.digest('hex')).toBe(source.digest());
    await storage.delete(key);
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
});

describe('disk file storage on its own', () => {
  const storage = () => createDiskStorage({ root: diskRoot });

  it('leaves no temporary file beside a replaced one', async () => {
    const key = 'kyc/0b9d2c1e-8f4a-4d7b-9a3e-1c2d3e4f5a6b.jpg';
    await storage().put(key, Buffer.from('first'));
    await storage().put(key, Buffer.from('second'));
    expect(readdirSync(join(diskRoot, 'kyc'))).toEqual([
      '0b9d2c1e-8f4a-4d7b-9a3e-1c2d3e4f5a6b.jpg',
    ]);
    await storage().delete(key);
  });

  it('creates files 0600 and directories 0700', async () => {
    const key = 'kyc/nested/selfie_1.png';
    await storage().put(key, Buffer.from('png'));
    expect(statSync(join(diskRoot, 'kyc', 'nested', 'selfie_1.png')).mode & 0o777).toBe(0o600);
    expect(statSync(join(diskRoot, 'kyc', 'nested')).mode & 0o777).toBe(0o700);
  });

  it('never writes outside its root', async () => {
    writeFileSync(join(diskBase, 'outside.txt'), 'untouched');
    await expect(storage().put('../outside.txt', Buffer.from('overwritten'))).rejects.toThrow();
    await expect(storage().delete('../outside.txt')).rejects.toThrow();
    expect(readdirSync(diskBase).sort()).toEqual(['files', 'outside.txt']);
  });
});

describe('S3 file storage on its own', () => {
  const s3Env = (overrides: Record<string, string> = {}) =>
    parseEnv({
      DATA_DIR: diskBase,
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      ...overrides,
    });

  it('asks for server-side encryption on every write, path-style', async () => {
    const from = s3.requests.length;
    await s3Storage.put(`kyc/${randomUUID()}.png`, Buffer.from('small'));
    await s3Storage.put(`kyc/${randomUUID()}.pdf`, Readable.from([Buffer.alloc(6 * MB)]));
    const writes = s3.requests
      .slice(from)
      .filter((r) => r.method === 'PUT' && !/[?&]partNumber=/.test(r.url))
      .concat(
        s3.requests.slice(from).filter((r) => r.method === 'POST' && /\?uploads/.test(r.url)),
      );
    // One PutObject, one CreateMultipartUpload: the encryption is chosen when an object starts.
    expect(writes).toHaveLength(2);
    for (const write of writes) {
      expect(write.headers['x-amz-server-side-encryption']).toBe('AES256');
      expect(write.url.startsWith(`/${s3.bucket}/kyc/`)).toBe(true);
    }
  });

  it("sends no encryption header with S3_SERVER_SIDE_ENCRYPTION='none'", async () => {
    const storage = await openFileStorage(s3Env({ S3_SERVER_SIDE_ENCRYPTION: 'none' }), diskBase);
    const from = s3.requests.length;
    await storage.put('kyc/plain.png', Buffer.from('x'));
    const put = s3.requests.slice(from).find((r) => r.method === 'PUT');
    expect(put?.headers['x-amz-server-side-encryption']).toBeUndefined();
    storage.close?.();
  });

  it('opens from the environment and checks the bucket at start', async () => {
    const storage = await openFileStorage(s3Env(), diskBase);
    await storage.put('kyc/from-env.png', Buffer.from('env'));
    expect(await readAll(await s3Storage.getStream('kyc/from-env.png'))).toEqual(
      Buffer.from('env'),
    );
    storage.close?.();
  });

  it('is what the server stores files in when S3_* is set', async () => {
    const testDb = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'waj-s3-server-'));
    try {
      const server = await createServer(
        s3Env({ DATA_DIR: dataDir, ADMIN_PASSPHRASE: 'correct horse battery staple' }),
        { database: testDb.database, logger: false },
      );
      try {
        await server.ctx.storage.put('kyc/through-server.png', Buffer.from('shared'));
      } finally {
        await server.close();
      }
      // Another instance (here: a client of its own) finds it in the bucket, not on this disk.
      expect(await readAll(await s3Storage.getStream('kyc/through-server.png'))).toEqual(
        Buffer.from('shared'),
      );
      expect(readdirSync(dataDir)).not.toContain('files');
    } finally {
      await testDb.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('stops the start with wrong credentials, naming S3_BUCKET and never the secret', async () => {
    const secret = 'not-the-right-secret-0123456789';
    const env = s3Env({ S3_SECRET_ACCESS_KEY: secret });
    const error = await createServer(env).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(
      /^S3_BUCKET 'waj-files' at http:\/\/127\.0\.0\.1:\d+ could not be reached: /,
    );
    expect(message).toMatch(/access denied \(HTTP 403\).*S3_SECRET_ACCESS_KEY/);
    expect(message).not.toContain(secret);

    const unknownKey = await openFileStorage(s3Env({ S3_ACCESS_KEY_ID: 'NOBODY' }), diskBase).catch(
      (e: unknown) => e,
    );
    expect((unknownKey as Error).message).toMatch(/could not be reached: access denied/);
  });

  it('stops the start when the bucket does not exist or nothing answers', async () => {
    const missing = await openFileStorage(s3Env({ S3_BUCKET: 'no-such-bucket' }), diskBase).catch(
      (e: unknown) => e,
    );
    expect((missing as Error).message).toMatch(
      /^S3_BUCKET 'no-such-bucket' .* could not be reached: no such bucket \(HTTP 404\)$/,
    );

    // A port nobody listens on: the one the test server had before it moves on is not safe, so
    // take a fresh one and close it.
    const { createServer: createNetServer } = await import('node:net');
    const port = await new Promise<number>((resolve) => {
      const probe = createNetServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const refused = await openFileStorage(
      s3Env({ S3_ENDPOINT: `http://127.0.0.1:${port}` }),
      diskBase,
    ).catch((e: unknown) => e);
    expect((refused as Error).message).toMatch(/could not be reached: .*ECONNREFUSED/);
  });
});
