import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { isAdapterError } from '../../../adapters/adapter-error.ts';
import { PUBLIC_PREFIX, type FileStorage } from '../../../adapters/storage/index.ts';
import {
  fail,
  ok,
  skip,
  type CheckOutcome,
  type DoctorCheckDefinition,
  type DoctorPorts,
} from '../doctor.types.ts';

async function bytesOf(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Writes, reads back and deletes one probe object under `key`; throws what the store threw. */
async function roundTrip(storage: FileStorage, key: string): Promise<string | null> {
  const body = Buffer.from(`hanabi doctor probe ${key}`);
  await storage.put(key, body, { contentType: 'text/plain', size: body.length });
  try {
    const back = await bytesOf(await storage.get(key));
    if (!back) return 'the object written is not there when read back';
    if (!back.equals(body)) return 'the object read back differs from the one written';
  } finally {
    await storage.delete(key);
  }
  return (await storage.stat(key)) ? 'the probe object is still there after delete' : null;
}

export function storageFailure(error: unknown): CheckOutcome {
  const message = (error as Error).message;
  if (isAdapterError(error, 'auth')) {
    return fail(
      `S3 refused the request: ${message}`,
      'Check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY and that the key may put, get and delete in the bucket',
    );
  }
  if (isAdapterError(error, 'not-found')) {
    return fail(
      `S3 has no such bucket: ${message}`,
      'Create S3_BUCKET (and S3_PUBLIC_BUCKET) or fix the name',
    );
  }
  return fail(
    `S3 does not answer: ${message}`,
    'Check S3_ENDPOINT (and S3_FORCE_PATH_STYLE for MinIO) and that it is reachable from here',
  );
}

/** The uploads' bucket (and the public images' one): put, get, delete a probe object. */
export function storageCheck(ports: DoctorPorts): DoctorCheckDefinition {
  return {
    id: 'storage',
    required: true,
    async run() {
      const files = ports.config.files;
      if (files.kind === 'local') return skip(`embedded folder ${files.dir} (production: S3_BUCKET)`);
      const details = [
        `bucket ${files.bucket}${files.publicBucket !== files.bucket ? `, public images in ${files.publicBucket}` : ''}`,
        `endpoint ${files.endpoint ?? `AWS ${files.region}`}`,
        `files served from ${files.assetUrl ?? `${ports.config.publicOrigin}/files`}`,
      ];
      const probe = `doctor-${randomUUID()}.txt`;
      const keys = [
        `doctor/${probe}`,
        ...(files.publicBucket !== files.bucket ? [`${PUBLIC_PREFIX}${probe}`] : []),
      ];
      try {
        for (const key of keys) {
          const problem = await roundTrip(ports.storage, key);
          if (problem)
            return fail(
              `S3 ${problem}`,
              'Check the bucket is not a read-only or eventually consistent proxy',
              details,
            );
        }
      } catch (error) {
        const outcome = storageFailure(error);
        return { ...outcome, details };
      }
      return ok(
        `put, read back and deleted a probe object (${keys.length} bucket${keys.length > 1 ? 's' : ''})`,
        details,
      );
    },
  };
}
