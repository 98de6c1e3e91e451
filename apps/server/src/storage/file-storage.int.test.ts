import { uploadSingle } from '@clinic/contract';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePixelPng, uploadFile, verifiedClinician } from '../../test/fixtures.ts';
import { createTestApp } from '../../test/helper.ts';
import { diskStorage, s3Storage, type FileStorage } from './file-storage.ts';

let root: string;
let s3: S3rver;
let endpoint: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'clinic-storage-'));
  // A real S3-compatible server on a local port, keeping its objects on disk.
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: join(root, 's3'),
    configureBuckets: [{ name: 'clinic-files', configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3.close();
  await rm(root, { recursive: true, force: true });
});

/** The bytes a stored file's stream gives. */
async function bytesOf(stream: Readable | undefined): Promise<Uint8Array> {
  if (!stream) throw new Error('no such file');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Uint8Array.from(Buffer.concat(chunks));
}

const stores: [string, () => FileStorage | Promise<FileStorage>][] = [
  ['disk', () => diskStorage(join(root, 'disk'))],
  [
    'S3',
    () =>
      s3Storage({
        endpoint,
        bucket: 'clinic-files',
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
  ],
];

describe.each(stores)('%s file storage', (_name, make) => {
  it('keeps, returns and removes the bytes of a file', async () => {
    const store = await make();
    const bytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 255]);
    await store.put('profile/6a2f0c1e-1b1d-4a57-9f7e-0c1d2e3f4a5b', bytes);
    expect(await bytesOf(await store.get('profile/6a2f0c1e-1b1d-4a57-9f7e-0c1d2e3f4a5b'))).toEqual(bytes);
    await store.remove('profile/6a2f0c1e-1b1d-4a57-9f7e-0c1d2e3f4a5b');
    expect(await store.get('profile/6a2f0c1e-1b1d-4a57-9f7e-0c1d2e3f4a5b')).toBeUndefined();
    expect(await store.get('profile/never-there')).toBeUndefined();
  });

  it('writes a file as its text comes, and keeps none when the text fails', async () => {
    const store = await make();
    const lines = function* (fail: boolean) {
      for (let i = 0; i < 3; i++) yield `${'x'.repeat(3 * 1024 * 1024)}${i}\n`;
      if (fail) throw new Error('the source failed');
    };
    await store.write('fhir-exports/whole.ndjson', lines(false));
    const written = Buffer.from(await bytesOf(await store.get('fhir-exports/whole.ndjson'))).toString();
    expect(written.split('\n').map((line) => line.at(-1))).toEqual(['0', '1', '2', undefined]);
    await expect(store.write('fhir-exports/broken.ndjson', lines(true))).rejects.toThrow('the source failed');
    expect(await store.get('fhir-exports/broken.ndjson')).toBeUndefined();
  });
});

describe('S3 credentials', () => {
  const key = 'profile/0b7e9a52-8d0c-4f7e-a0c4-6c1d9b2e4f10';
  const bytes = Uint8Array.from([1, 2, 3]);

  it('come from the SDK’s chain (here AWS_* variables) when the configuration gives none', async () => {
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    try {
      const store = await s3Storage({ endpoint, bucket: 'clinic-files', region: 'us-east-1' });
      await store.put(key, bytes);
      expect(await bytesOf(await store.get(key))).toEqual(bytes);
    } finally {
      if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
      else process.env.AWS_ACCESS_KEY_ID = saved.id;
      if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
      else process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
    }
  });

  it('are the ones given: a key the store does not know is refused', async () => {
    const store = await s3Storage({
      endpoint,
      bucket: 'clinic-files',
      region: 'us-east-1',
      credentials: { accessKeyId: 'UNKNOWN', secretAccessKey: 'S3RVER' },
    });
    await expect(store.put(key, bytes)).rejects.toThrow(/Access Key Id you provided does not exist/);
  });
});

describe('the app on S3', () => {
  it('keeps uploads in the bucket, none in DATA_DIR, and serves them back', async () => {
    const t = await createTestApp({
      env: {
        S3_BUCKET: 'clinic-files',
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });
    try {
      const clinician = await verifiedClinician(t.app, t.mail);
      const png = Buffer.from(onePixelPng.split(',')[1]!, 'base64');
      const upload = await uploadFile(t.app, uploadSingle, clinician.tokens.accessToken, png, {
        folderPath: 'profile',
      });
      const { publicPath } = upload.success;
      const file = await t.app.inject({
        url: publicPath,
        headers: { authorization: `Bearer ${clinician.tokens.accessToken}` },
      });
      expect(file.rawPayload.equals(png)).toBe(true);
      expect(existsSync(join(t.dataDir, 'uploads'))).toBe(false);
      expect((await t.app.inject('/api/readyz')).json()).toMatchObject({ status: 'ok', checks: { storage: 'ok' } });
    } finally {
      await t.close();
    }
  });

  it('is not ready, and says the storage is why, while its bucket cannot be reached', async () => {
    const t = await createTestApp({
      env: {
        S3_BUCKET: 'no-such-bucket',
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });
    try {
      const ready = await t.app.inject('/api/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'ok', storage: 'failed' } });
    } finally {
      await t.close();
    }
  });
});
