import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const stores: [string, () => FileStorage][] = [
  ['disk', () => diskStorage(join(root, 'disk'))],
  [
    'S3',
    () =>
      s3Storage({
        endpoint,
        bucket: 'clinic-files',
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      }),
  ],
];

describe.each(stores)('%s file storage', (_name, make) => {
  it('keeps, returns and removes the bytes of a file', async () => {
    const store = make();
    const bytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 255]);
    await store.put('profile/6a2f0c1e-1b1d-4a57-9f7e-0c1d2e3f4a5b', bytes);
    expect(Uint8Array.from((await store.get('profile/6a2f0c1e-1b1d-4a57-9f7e-0c1d2e3f4a5b'))!)).toEqual(bytes);
    await store.remove('profile/6a2f0c1e-1b1d-4a57-9f7e-0c1d2e3f4a5b');
    expect(await store.get('profile/6a2f0c1e-1b1d-4a57-9f7e-0c1d2e3f4a5b')).toBeUndefined();
    expect(await store.get('profile/never-there')).toBeUndefined();
  });
});
