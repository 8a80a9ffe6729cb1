import type { FastifyError, FastifyInstance } from 'fastify';
import { UPLOAD, UPLOAD_KINDS, UPLOAD_TUS_PATH, uploadRoutes, type UploadKind } from '@hanabi/api';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import { tooLarge, type AssetService } from './asset.service.ts';

/**
 * `POST /api/upload/{kind}?name=…`: a small file (≤ 262,144 bytes) as the raw request body, any Content-Type.
 * Registered in its own scope whose body parser keeps raw bytes; bigger bodies are told to use tus.
 */
export async function registerUploadRoutes(app: FastifyInstance, assets: AssetService): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: UPLOAD.resumableThresholdBytes },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `Files over ${UPLOAD.resumableThresholdBytes.toLocaleString('en-US')} bytes go through the resumable upload at ${UPLOAD_TUS_PATH}.`,
        );
      }
      throw error;
    });
    // Oversize is refused from the declared length, before a byte of the body is read (issue 20).
    scope.addHook('preParsing', async (request) => {
      const kind = (request.params as { kind?: string }).kind;
      const declared = Number(request.headers['content-length']);
      if (!kind || !(UPLOAD_KINDS as readonly string[]).includes(kind) || !Number.isFinite(declared)) return;
      const limit = assets.limitFor(kind as UploadKind);
      if (declared > limit && declared <= UPLOAD.resumableThresholdBytes)
        throw tooLarge(kind as UploadKind, limit);
    });
    registerRoute(scope, uploadRoutes.uploadFile, async ({ session, params, query, request }) => {
      const owner = requireSession(session);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (body.length === 0)
        throw new AppError('BAD_REQUEST', 'The request has no file: send its bytes as the body.');
      const row = await assets.store({
        ownerId: owner.userId!,
        kind: params.kind,
        fileName: query.name,
        body,
        size: body.length,
      });
      return assets.toResult(row);
    });
  });
  registerRoute(app, uploadRoutes.uploadResult, ({ session, params }) =>
    assets.resultOfUpload(requireSession(session).userId!, params.uploadId),
  );
}
