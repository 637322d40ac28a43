import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';

/** s3rver's fixed key pair: any other is refused (InvalidAccessKeyId / SignatureDoesNotMatch). */
export const S3_TEST_ACCESS_KEY_ID = 'S3RVER';
export const S3_TEST_SECRET_ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Files s3rver keeps under this directory (objects, multipart parts in progress). */
  directory: string;
  /** Method, path and headers of every request received, oldest first. */
  requests: { method: string; url: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/**
 * An S3-compatible server on loopback for tests: @20minutes/s3rver (npm, pure JavaScript, keeps
 * objects in a temporary directory and checks SigV4 signatures), with one bucket made. It runs
 * in this process behind a plain HTTP server so the tests can see what the driver sent.
 */
export async function startTestS3Server(bucket = 'waj-files'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'waj-s3-'));
  const s3rver = new S3rver({
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  await s3rver.configureBuckets();
  // s3rver signs a path-style bucket-level request (HeadBucket: `HEAD /<bucket>/`) over
  // `/<bucket>`, while SDK v3 (and S3 itself) signs the path as sent, with its slash, so every
  // such request failed with SignatureDoesNotMatch. Its virtual-host branch appends the mount
  // path after the bucket, so marking these requests that way with a mount path of '/' makes it
  // compute `/<bucket>/`. Placed after its vhost middleware (4th), before the router.
  if (s3rver.middleware.length !== 5) throw new Error('s3rver middleware changed: review this');
  s3rver.middleware.splice(4, 0, (ctx, next) => {
    if (!ctx.state.vhost && /^\/[^/]+\/$/.test(ctx.path)) {
      ctx.state.vhost = true;
      ctx.mountPath = '/';
    }
    return next();
  });
  const handle = s3rver.getMiddleware();
  const requests: TestS3Server['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: S3_TEST_ACCESS_KEY_ID,
    secretAccessKey: S3_TEST_SECRET_ACCESS_KEY,
    directory,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      s3rver.logger.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
