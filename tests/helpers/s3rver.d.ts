/** The few parts of @20minutes/s3rver (a maintained fork of s3rver, shipped untyped) in use. */
declare module '@20minutes/s3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    directory?: string;
    silent?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  type KoaMiddleware = (
    ctx: { path: string; mountPath?: string; state: { vhost?: boolean } },
    next: () => Promise<void>,
  ) => unknown;

  export default class S3rver {
    constructor(options?: S3rverOptions);
    configureBuckets(): Promise<void>;
    getMiddleware(): (req: IncomingMessage, res: ServerResponse) => void;
    logger: { close(): void };
    /** Koa's middleware stack: logger, XML body, mount interop, vhost, router. */
    middleware: KoaMiddleware[];
  }
}
