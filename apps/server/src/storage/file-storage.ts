import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, open, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { privateFileMode, privateFolderMode } from '../operations/private-files.ts';

/** Where uploaded files live. Keys are relative paths made by the server, never by a client. */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Writes a file as its text comes (a large one, never held whole); a rejected source leaves no file. */
  write(key: string, text: Iterable<string> | AsyncIterable<string>): Promise<void>;
  /** The file's bytes as they are read (a download never holds a whole file), or undefined. */
  get(key: string): Promise<Readable | undefined>;
  remove(key: string): Promise<void>;
  /** Rejects unless files can be stored now (readiness). */
  check(): Promise<void>;
}

/** Files under DATA_DIR/uploads, outside the web root: the embedded default. */
export function diskStorage(root: string): FileStorage {
  const pathOf = (key: string): string => {
    const path = normalize(join(root, key));
    if (!path.startsWith(root + sep)) throw new Error('storage key escapes the storage root');
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: privateFolderMode });
      await writeFile(path, bytes, { mode: privateFileMode });
    },
    async write(key, text) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: privateFolderMode });
      try {
        await pipeline(Readable.from(text), createWriteStream(path, { mode: privateFileMode }));
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        // Opened here, so that a missing file is told now rather than as a stream's error.
        return (await open(pathOf(key))).createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async check() {
      await mkdir(root, { recursive: true, mode: privateFolderMode });
      await access(root, constants.W_OK);
    },
  };
}

export interface S3Options {
  bucket: string;
  region: string;
  /** An S3-compatible store's address (MinIO, Ceph, R2; addressed path-style); AWS S3's own when unset. */
  endpoint?: string | undefined;
  /** Keys given in the configuration; otherwise the SDK's chain (AWS_* variables, files, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * Objects in S3 or an S3-compatible store, through the AWS SDK (signing, credentials, retries).
 * Loaded only when configured, as the database drivers are.
 */
export async function s3Storage(options: S3Options): Promise<FileStorage> {
  const { S3Client, GetObjectCommand, PutObjectCommand, DeleteObjectCommand, HeadBucketCommand, NoSuchKey } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint && { endpoint: options.endpoint, forcePathStyle: true }),
    ...(options.credentials && { credentials: options.credentials }),
    maxAttempts: 3,
  });
  const Bucket = options.bucket;
  return {
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes }));
    },
    async write(key, text) {
      // A multipart upload of parts of 5 MiB, a few at a time: an aborted one keeps nothing.
      const { Upload } = await import('@aws-sdk/lib-storage');
      let failure: unknown;
      const body = Readable.from(
        (async function* () {
          try {
            yield* text;
          } catch (error) {
            failure = error;
            throw error;
          }
        })(),
      );
      try {
        await new Upload({ client, params: { Bucket, Key: key, Body: body } }).done();
      } catch (error) {
        // The source's own failure, rather than what aborting the upload answered.
        throw failure ?? error;
      }
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        // In Node the body is a readable stream of the response.
        return object.Body instanceof Readable ? object.Body : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async remove(key) {
      // S3 answers a removal of a missing key with success.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
