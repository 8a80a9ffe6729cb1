import { UPLOAD_ASSET_ID_HEADER, UPLOAD_TUS_PATH, UploadResult } from '@hanabi/api';
import { z } from 'zod';
import {
  errorResponse,
  pathParameter,
  rateLimited,
  securityFor,
  type OpenApiOperation,
  type OpenApiPaths,
} from '../../http/openapi-describe.ts';

/**
 * The OpenAPI description of the tus 1.0.0 endpoints (tus.routes.ts serves them; the tus server reads raw bodies
 * and headers the generator cannot infer, so they are described here, decision 0216).
 */

const header = (description: string, type: 'string' | 'integer' = 'string') => ({
  description,
  schema: { type },
});
const requestHeader = (name: string, description: string, type: 'string' | 'integer' = 'string') => ({
  name,
  in: 'header',
  required: true,
  ...header(description, type),
});

const tusResumable = requestHeader('Tus-Resumable', 'The protocol version: `1.0.0`.');
const streamerOnly = { security: securityFor('streamer'), 'x-hanabi-access': 'streamer', tags: ['upload'] };
const signedOutOrNotStreamer = {
  401: errorResponse('Signed out (the message asks to sign in again)'),
  403: errorResponse('Not a streamer'),
};
const unknownUpload = errorResponse("No upload with this id (or someone else's)");

function operation(
  fields: Pick<OpenApiOperation, 'operationId' | 'summary'> & Record<string, unknown>,
): OpenApiOperation {
  return { ...streamerOnly, ...fields };
}

export const tusOpenApi: OpenApiPaths = {
  [UPLOAD_TUS_PATH]: {
    post: operation({
      operationId: 'tusCreateUpload',
      summary: 'Start a resumable upload (tus creation)',
      description:
        'For files over the single-request threshold. `Upload-Metadata` carries `kind` (required), `filename` and ' +
        '`filetype`, each base64-encoded; the answer says where to PATCH the bytes.',
      parameters: [
        tusResumable,
        requestHeader('Upload-Length', 'The file size in bytes.', 'integer'),
        requestHeader(
          'Upload-Metadata',
          'tus metadata: `kind <base64>,filename <base64>,filetype <base64>`.',
        ),
      ],
      responses: {
        201: {
          description: 'Created',
          headers: {
            Location: header('The upload URL: `/api/uploads/tus/{id}`.'),
            'Tus-Resumable': header('1.0.0'),
          },
        },
        400: errorResponse('Bad tus headers or metadata'),
        ...signedOutOrNotStreamer,
        413: errorResponse('Larger than the kind allows'),
        415: errorResponse('A media type the kind does not take'),
      },
    }),
    options: {
      operationId: 'tusOptions',
      summary: 'What the tus server supports (versions, extensions, maximum size)',
      tags: ['upload'],
      security: [],
      responses: {
        204: {
          description: 'The tus capabilities',
          headers: {
            'Tus-Version': header('Supported versions.'),
            'Tus-Extension': header('Supported extensions (creation, termination, expiration).'),
            'Tus-Max-Size': header('The largest file accepted, in bytes.', 'integer'),
          },
        },
        ...rateLimited,
      },
    },
  },
  [`${UPLOAD_TUS_PATH}/{id}`]: {
    head: operation({
      operationId: 'tusUploadOffset',
      summary: 'How much of an upload the server has (tus resume)',
      parameters: [pathParameter('id', 'The upload id (the last segment of `Location`).'), tusResumable],
      responses: {
        200: {
          description: 'The offset; for a finished upload also its asset id',
          headers: {
            'Upload-Offset': header('Bytes received.', 'integer'),
            'Upload-Length': header('The file size.', 'integer'),
            [UPLOAD_ASSET_ID_HEADER]: header('The stored asset, once the upload has finished.'),
          },
        },
        ...signedOutOrNotStreamer,
        404: unknownUpload,
      },
    }),
    patch: operation({
      operationId: 'tusAppendChunk',
      summary: 'Send the next bytes of an upload (tus)',
      description: 'The last PATCH answers 200 with the stored upload as JSON instead of 204.',
      parameters: [
        pathParameter('id', 'The upload id.'),
        tusResumable,
        requestHeader('Upload-Offset', 'Where these bytes start: the offset HEAD answered.', 'integer'),
      ],
      requestBody: {
        required: true,
        content: {
          'application/offset+octet-stream': {
            schema: { type: 'string', contentMediaType: 'application/octet-stream' },
          },
        },
      },
      responses: {
        200: {
          description: 'The upload is complete: the stored file',
          headers: { [UPLOAD_ASSET_ID_HEADER]: header('The stored asset.') },
          content: {
            'application/json': {
              schema: z.toJSONSchema(UploadResult, { io: 'output', unrepresentable: 'any' }),
            },
          },
        },
        204: {
          description: 'Bytes stored',
          headers: { 'Upload-Offset': header('The new offset.', 'integer') },
        },
        400: errorResponse('Bad tus headers, or another request took this upload over (tus lock)'),
        ...signedOutOrNotStreamer,
        404: unknownUpload,
        409: errorResponse('`Upload-Offset` does not match what the server has'),
        415: errorResponse('Not `application/offset+octet-stream`, or a file the kind does not take'),
      },
    }),
    delete: operation({
      operationId: 'tusCancelUpload',
      summary: 'Cancel an upload (tus termination)',
      parameters: [pathParameter('id', 'The upload id.'), tusResumable],
      responses: { 204: { description: 'Cancelled' }, ...signedOutOrNotStreamer, 404: unknownUpload },
    }),
  },
};
