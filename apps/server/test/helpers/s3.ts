import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
// @ts-expect-error the package ships no types; only its constructor, run and close are used.
import S3rver from '@20minutes/s3rver';

/** s3rver's one account (it checks every request's signature against it). */
const KEY = 'S3RVER';

/**
 * A real S3-compatible server in this process, on a loopback port of its own, with one empty
 * bucket: `url` is the S3_URL that reaches it. `close` stops it and deletes its files.
 */
export async function startS3(bucket = 'pictures'): Promise<{
  url: string;
  close(): Promise<void>;
}> {
  const directory = await mkdtemp(path.join(tmpdir(), 'h-pictures-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as AddressInfo;
  return {
    url: `http://${KEY}:${KEY}@127.0.0.1:${port}/${bucket}`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
