import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client, ServerSideEncryption } from '@aws-sdk/client-s3';
import { AppError } from '../errors.ts';
import { assertValidFileKey, type FileStorage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** An S3-compatible server (MinIO, R2, Ceph, …): requests are then path-style. */
  endpoint?: string;
  /**
   * Server-side encryption asked for on every object (identity documents must be encrypted at
   * rest; asking for all is simplest). `false` sends no SSE header at all: only for a server
   * that refuses the header and encrypts its disks by other means, or a test server. Defaults
   * to 'AES256' (SSE-S3), which AWS, R2 and Ceph accept; MinIO needs a KMS configured for it.
   */
  serverSideEncryption?: ServerSideEncryption | false;
  /** Size of each part when a file is large enough to go up in parts (at least 5 MiB). */
  partSize?: number;
}

export interface S3Storage extends FileStorage {
  /** HeadBucket: resolves when the bucket answers to these credentials, else throws why. */
  check(): Promise<void>;
  /** Closes the client's sockets. */
  close(): void;
}

const PART_SIZE = 8 * 1024 * 1024;

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null
    ? (error as SdkError).$metadata?.httpStatusCode
    : undefined;
}

function nameOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as SdkError).name : undefined;
}

/**
 * Why a bucket could not be reached, in words for the operator. HeadBucket answers carry no
 * body, so the SDK's own message is often just 'UnknownError'; the status says more. Nothing
 * here can contain the secret: the SDK never puts credentials in an error.
 */
export function describeS3Error(error: unknown): string {
  const status = statusOf(error);
  if (status === 403)
    return 'access denied (HTTP 403): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY';
  if (status === 404) return 'no such bucket (HTTP 404)';
  if (status === 301 || status === 400)
    return `the server refused the request (HTTP ${status}): check S3_REGION and S3_ENDPOINT`;
  const code = typeof error === 'object' && error !== null ? (error as SdkError).code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const label = code ?? nameOf(error);
  const detail = label && !message.includes(label) ? `${label}: ${message}` : message;
  return status ? `${detail} (HTTP ${status})` : detail;
}

/**
 * Files in an S3 bucket (CONTRACT §7: any number of instances share them). AWS SDK v3, loaded
 * only when this driver is chosen, so a server on the disk driver never pays for it at start.
 * Reads stream from the response body and large writes go up in parts: no file is ever held
 * whole in memory by this driver.
 */
export async function createS3Storage(options: S3StorageOptions): Promise<S3Storage> {
  const sdk = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const { bucket } = options;
  const sse = options.serverSideEncryption ?? 'AES256';
  const partSize = Math.max(options.partSize ?? PART_SIZE, 5 * 1024 * 1024);

  const client: S3Client = new sdk.S3Client({
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    // Since early 2025 the SDK adds CRC32 trailers in aws-chunked bodies by default, which many
    // S3-compatible servers (older MinIO, Ceph, test servers) refuse. Each request is still
    // signed over its SHA-256 payload hash, so integrity is checked either way.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000 },
  });

  const encryption = sse ? { ServerSideEncryption: sse } : {};

  return {
    async put(key, data, putOptions) {
      assertValidFileKey(key);
      const contentType = putOptions?.contentType ?? 'application/octet-stream';
      if (Buffer.isBuffer(data) && data.length <= partSize) {
        // One request: an object replaces the previous one whole, so a reader sees either.
        await client.send(
          new sdk.PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: data,
            ContentLength: data.length,
            ContentType: contentType,
            ...encryption,
          }),
        );
        return { size: data.length };
      }
      // In parts of `partSize`, read as they go; the object appears only when the upload
      // completes, and a failed one is aborted so no parts are left behind.
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
      const piped = pipeline(source, counter);
      const upload = new Upload({
        client,
        partSize,
        queueSize: 2,
        leavePartsOnError: false,
        params: {
          Bucket: bucket,
          Key: key,
          Body: counter,
          ContentType: contentType,
          ...encryption,
        },
      });
      try {
        await upload.done();
        await piped;
      } catch (error) {
        counter.destroy();
        source.destroy();
        await piped.catch(() => {});
        throw error;
      }
      return { size };
    },

    async getStream(key): Promise<Readable> {
      assertValidFileKey(key);
      try {
        const response = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        // In Node the body is the HTTP response itself: a Readable, read as it arrives.
        if (!(response.Body instanceof Readable)) throw new Error('S3 returned no readable body');
        return response.Body;
      } catch (error) {
        if (nameOf(error) === 'NoSuchKey' || statusOf(error) === 404)
          throw new AppError('not_found', 'File not found');
        throw error;
      }
    },

    async delete(key) {
      assertValidFileKey(key);
      try {
        // S3 answers 204 whether or not the key existed.
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (nameOf(error) !== 'NoSuchKey' && statusOf(error) !== 404) throw error;
      }
    },

    async check() {
      await client.send(new sdk.HeadBucketCommand({ Bucket: bucket }));
    },

    close() {
      client.destroy();
    },
  };
}
