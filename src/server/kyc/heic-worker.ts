/**
 * Decodes one HEIC (HEVC-coded HEIF) to RGBA in a worker thread, with libheif compiled to
 * WebAssembly (libheif-js, libde265 inside). Decoding a phone photo takes seconds of CPU; here it
 * never blocks the server's event loop, and the worker's memory is freed when it exits. The
 * caller (heic.ts) starts one worker per file, ends it after a time limit and discards what it
 * prints (libheif-js reports failures with console.log).
 *
 * Plain TypeScript that Node runs as it is (and esbuild bundles to dist/server/heic-worker.js):
 * no imports of the project's own modules.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

export interface HeicWorkerInput {
  data: Uint8Array;
  maxPixels: number;
}

export type HeicWorkerResult =
  | { ok: true; width: number; height: number; rgba: Uint8Array }
  | { ok: false; reason: 'unreadable' | 'too_large' };

interface HeifImage {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  display(
    target: { data: Uint8ClampedArray; width: number; height: number },
    done: (result: unknown) => void,
  ): void;
  free(): void;
}
interface LibHeif {
  HeifDecoder: new () => { decode(data: Uint8Array): HeifImage[] };
}

async function decode({ data, maxPixels }: HeicWorkerInput): Promise<HeicWorkerResult> {
  // The bundle variant carries its .wasm inline: nothing is read or fetched at run time.
  const libheif = createRequire(import.meta.url)('libheif-js/wasm-bundle') as LibHeif;
  // Parsing reads the boxes only; no pixels are decoded yet.
  const images = new libheif.HeifDecoder().decode(data);
  const image = images.find((candidate) => candidate.is_primary()) ?? images[0];
  if (!image) return { ok: false, reason: 'unreadable' };
  const width = image.get_width();
  const height = image.get_height();
  if (!(width > 0 && height > 0)) return { ok: false, reason: 'unreadable' };
  // The declared size bounds the memory decoding needs, so it is checked before decoding.
  if (width * height > maxPixels) return { ok: false, reason: 'too_large' };
  const pixels = new Uint8ClampedArray(width * height * 4);
  const decoded = await new Promise<unknown>((resolve) =>
    image.display({ data: pixels, width, height }, resolve),
  );
  if (!decoded) return { ok: false, reason: 'unreadable' };
  return { ok: true, width, height, rgba: new Uint8Array(pixels.buffer) };
}

if (parentPort) {
  const port = parentPort;
  decode(workerData as HeicWorkerInput).then(
    (result) => port.postMessage(result, result.ok ? [result.rgba.buffer as ArrayBuffer] : []),
    () => port.postMessage({ ok: false, reason: 'unreadable' } satisfies HeicWorkerResult),
  );
}
