import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { text } from '../string-primitives.ts';

/**
 * Uploads (docs/original-spec.md §5, §7 and §9). Two ways in, one result:
 * - files up to `UPLOAD.resumableThresholdBytes` (262,144 bytes): one request, `POST /api/upload/{kind}?name=…`
 *   with the file's bytes as the raw body (any Content-Type; the server sniffs the bytes);
 * - larger files: the tus 1.0.0 protocol (creation, termination, expiration) at `UPLOAD_TUS_PATH`, with the tus
 *   metadata keys of `UPLOAD_TUS_METADATA`. The final PATCH answers 200 with the `UploadResult` as JSON; if that
 *   answer was lost, `GET /api/upload/result/{uploadId}` gives it again (uploadId = last segment of the tus URL).
 * Both need a signed-in streamer: cookie calls carry X-XSRF-TOKEN on POST/PATCH/DELETE, or use a bearer token.
 */
export const UPLOAD_KINDS = ['campaign', 'digitalgoods'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UploadKindSchema = z.enum(UPLOAD_KINDS);

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Media types accepted per kind, judged from the file's bytes (never its name or a client's claim). */
export const UPLOAD_MEDIA_TYPES: Record<UploadKind, readonly string[]> = {
  campaign: IMAGE_TYPES,
  digitalgoods: [
    ...IMAGE_TYPES,
    'video/mp4',
    'video/webm',
    'audio/mpeg',
    'audio/wav',
    'audio/ogg',
    'model/gltf-binary',
  ],
};
export const UPLOAD_IMAGE_TYPES: readonly string[] = IMAGE_TYPES;

/** Where the tus server answers: POST here creates an upload, `{path}/{uploadId}` takes HEAD/PATCH/DELETE. */
export const UPLOAD_TUS_PATH = '/api/uploads/tus';

/** tus `Upload-Metadata` keys the server reads. `kind` is required; `filename` names the file. */
export const UPLOAD_TUS_METADATA = {
  kind: 'kind',
  filename: 'filename',
  /** The browser's idea of the media type; a type not allowed for the kind is refused early (415). */
  filetype: 'filetype',
} as const;

/** Header on the final tus PATCH answer naming the stored asset. */
export const UPLOAD_ASSET_ID_HEADER = 'Hanabi-Asset-Id';

/** The original's "log in again" message for an upload without a session (401). */
export const UPLOAD_SIGN_IN_AGAIN = {
  ja: 'アップロードするには再度ログインしてください。',
  en: 'Please log in again to upload.',
} as const;
export const UPLOAD_SIGN_IN_AGAIN_MESSAGE = `${UPLOAD_SIGN_IN_AGAIN.ja} ${UPLOAD_SIGN_IN_AGAIN.en}`;

/** Longest stored file name (characters, extension included). */
export const UPLOAD_FILE_NAME_MAX = 100;

/** A stored file. `downloadUrl` and `fileExtention` keep the original's names (and spelling). */
export const UploadResult = z.object({
  /** The asset id: what digital goods and campaigns reference. */
  id: z.string(),
  kind: UploadKindSchema,
  downloadUrl: z.string(),
  /** Without the dot, from the sniffed media type (falling back to the name): `png`, `mp4`, … */
  fileExtention: z.string(),
  /** The sanitised name (no folders, no control characters, at most 100 characters). */
  fileName: z.string(),
  mediaType: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
  /** `{kind}/{uid}/{name}.{ext}` */
  storageKey: z.string(),
  createdAt: z.string(),
});
export type UploadResult = z.infer<typeof UploadResult>;

export const UploadParams = z.object({ kind: UploadKindSchema });
/** A file's name, not a path: no `/` or `\\`, not `.` or `..` (a name with a folder in it is refused). */
export function isPlainFileName(name: string): boolean {
  return !/[/\\]/.test(name) && name !== '.' && name !== '..';
}

export const UploadQuery = z.object({
  /** The file's name as the person chose it; sanitised by the server. */
  name: text().max(1000).refine(isPlainFileName, 'must be a file name, not a path').optional(),
});
/** A tus upload id (32 hex digits) or a record id (a UUID). */
export const UploadResultParams = z.object({
  uploadId: text().regex(/^[0-9a-fA-F-]{32,36}$/, 'must be an upload id'),
});

export const uploadRoutes = {
  uploadFile: defineRoute({
    method: 'POST',
    path: '/api/upload/:kind',
    access: 'streamer',
    summary:
      'Store a small file (≤ 262,144 bytes) sent as the raw request body; larger files use tus at /api/uploads/tus',
    params: UploadParams,
    query: UploadQuery,
    response: UploadResult,
    successStatus: 201,
    unauthenticatedMessage: UPLOAD_SIGN_IN_AGAIN_MESSAGE,
  }),
  uploadResult: defineRoute({
    method: 'GET',
    path: '/api/upload/result/:uploadId',
    access: 'streamer',
    summary: 'The stored file of a finished tus upload (yours only)',
    params: UploadResultParams,
    response: UploadResult,
    unauthenticatedMessage: UPLOAD_SIGN_IN_AGAIN_MESSAGE,
  }),
};
