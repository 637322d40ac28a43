import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { HeicWorkerInput, HeicWorkerResult } from './heic-worker.ts';

/**
 * Long enough for a 10 MB, 50-megapixel HEIC on a busy two-core machine (a 12-megapixel phone
 * photo takes a few seconds); past it the decoder is stopped and the file counts as unreadable.
 */
const DECODE_TIMEOUT_MS = 60_000;

/**
 * The worker sits beside this module: src/server/kyc/heic-worker.ts when running from source,
 * dist/server/heic-worker.js beside the bundle (scripts/build-server.ts builds both).
 */
const WORKER_FILE = join(import.meta.dirname, `heic-worker${extname(import.meta.filename)}`);

export type HeicDecodeResult =
  | { ok: true; width: number; height: number; rgba: Buffer }
  | { ok: false; reason: 'unreadable' | 'too_large' };

/**
 * Decodes a HEIC's primary image to RGBA pixels in a worker thread of its own (heic-worker.ts).
 * Anything that goes wrong (not HEIF, no decodable image, a crash, too slow) is `unreadable`;
 * an image over `maxPixels` is refused before its pixels are decoded.
 */
export function decodeHeic(data: Buffer, maxPixels: number): Promise<HeicDecodeResult> {
  return new Promise((resolve) => {
    const input: HeicWorkerInput = { data, maxPixels };
    const worker = new Worker(WORKER_FILE, { workerData: input, stdout: true, stderr: true });
    // The worker's output is discarded: a hostile file must not be able to write to our logs.
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (result: HeicDecodeResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'unreadable' }), DECODE_TIMEOUT_MS);
    worker.once('message', (message: HeicWorkerResult) => {
      finish(
        message.ok
          ? {
              ok: true,
              width: message.width,
              height: message.height,
              rgba: Buffer.from(message.rgba.buffer, message.rgba.byteOffset, message.rgba.length),
            }
          : message,
      );
    });
    worker.once('error', () => finish({ ok: false, reason: 'unreadable' }));
    worker.once('exit', () => finish({ ok: false, reason: 'unreadable' }));
  });
}
