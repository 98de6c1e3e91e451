import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import aws4 from 'aws4';

/** Where uploaded files live. Keys are relative paths made by the server, never by a client. */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
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
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes, { mode: 0o600 });
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Objects in an S3-compatible store (AWS S3, MinIO, Ceph, R2), signed with AWS Signature V4. */
export function s3Storage(options: S3Options): FileStorage {
  const base = new URL(options.endpoint);
  const request = async (method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Uint8Array): Promise<Response> => {
    const path = `/${options.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
    const signed = aws4.sign(
      {
        host: base.host,
        path,
        method,
        service: 's3',
        region: options.region,
        headers: body ? { 'content-type': 'application/octet-stream', 'content-length': String(body.length) } : {},
        ...(body && { body: Buffer.from(body) }),
      },
      { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    );
    return fetch(new URL(path, base), {
      method,
      headers: signed.headers as Record<string, string>,
      ...(body && { body: Buffer.from(body) }),
    });
  };
  return {
    async put(key, bytes) {
      const response = await request('PUT', key, bytes);
      if (!response.ok) throw new Error(`object storage refused a write (${response.status})`);
    },
    async get(key) {
      const response = await request('GET', key);
      if (response.status === 404) return undefined;
      if (!response.ok) throw new Error(`object storage refused a read (${response.status})`);
      return Buffer.from(await response.arrayBuffer());
    },
    async remove(key) {
      const response = await request('DELETE', key);
      if (!response.ok && response.status !== 404)
        throw new Error(`object storage refused a removal (${response.status})`);
    },
  };
}
