import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes, IPFS_UPLOAD_BINARY_TYPE, IpfsUploadJsonBody } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireSession } from '../../http/session.ts';
import { parseWalletAddress, type HexAddress } from '../../adapters/chain/index.ts';
import type { TokenService } from './tokens.service.ts';
import { tooLargeError, type TokenAssetService } from './token-assets.service.ts';

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `Some fields are not valid: ${field}.`, [{ field, message }]);
}

/** An address as typed (the contract checked its shape) → EIP-55; a wrong mixed-case checksum is a 400. */
function address(value: string, field: string): HexAddress {
  const parsed = parseWalletAddress(value);
  if (!parsed.ok) throw invalid(field, parsed.reason);
  return parsed.address;
}

function optionalAddress(value: string | undefined, field: string): HexAddress | undefined {
  return value === undefined ? undefined : address(value, field);
}

const amount = (value: number | string): bigint => BigInt(value);

/** The operator's token tools (`/api/admin/token…`, `/api/admin/tokenUri…`, `/api/admin/ipfs`). */
export async function registerTokenRoutes(
  app: FastifyInstance,
  tokens: TokenService,
  assets: TokenAssetService,
): Promise<void> {
  registerRoute(app, apiRoutes.adminListTokens, ({ query }) =>
    tokens.listTokens(query.limit ?? 100, query.cursor),
  );

  registerRoute(app, apiRoutes.adminMintToken, async ({ body, session }) => {
    const { token } = body;
    const result = await tokens.mint(
      {
        to: address(token.to, 'body.token.to'),
        tokenId: BigInt(token.tokenId),
        amount: amount(token.amount),
        ...(token.uri !== undefined ? { uri: token.uri } : {}),
      },
      requireSession(session).userId,
    );
    return { ...result, tokenId: token.tokenId };
  });

  registerRoute(app, apiRoutes.adminTokenOperations, ({ query }) =>
    tokens.listOperations(query.limit ?? 50, {
      ...(query.cursor !== undefined ? { cursor: query.cursor } : {}),
      ...(query.tokenId !== undefined ? { tokenId: BigInt(query.tokenId) } : {}),
    }),
  );

  registerRoute(app, apiRoutes.adminBurnToken, ({ params, query, body, session }) => {
    const value = body?.amount ?? query.amount;
    if (value === undefined) throw invalid('query.amount', 'is required (in the query or a JSON body)');
    const from =
      body?.from !== undefined ? address(body.from, 'body.from') : optionalAddress(query.from, 'query.from');
    return tokens.burn(
      { tokenId: BigInt(params.id), amount: amount(value), ...(from ? { from } : {}) },
      requireSession(session).userId,
    );
  });

  registerRoute(app, apiRoutes.adminTransferToken, ({ params, body, session }) => {
    if (body.tokenId !== undefined && BigInt(body.tokenId) !== BigInt(params.tokenId)) {
      throw invalid('body.tokenId', 'must equal the token id in the path');
    }
    return tokens.transfer(
      {
        tokenId: BigInt(params.tokenId),
        sender: address(body.sender, 'body.sender'),
        receiver: address(body.receiver, 'body.receiver'),
        value: amount(body.value),
      },
      requireSession(session).userId,
    );
  });

  registerRoute(app, apiRoutes.adminApproveToken, ({ params, body, session }) =>
    tokens.approve(
      {
        tokenId: BigInt(params.id),
        receiver: address(body.receiver, 'body.receiver'),
        value: amount(body.value),
      },
      requireSession(session).userId,
    ),
  );

  registerRoute(app, apiRoutes.adminGetApproved, ({ params, query }) =>
    tokens.approval(
      BigInt(params.id),
      address(query.operator, 'query.operator'),
      optionalAddress(query.owner, 'query.owner'),
    ),
  );

  registerRoute(app, apiRoutes.adminTokenBalance, ({ params, query }) =>
    tokens.balance(BigInt(params.id), optionalAddress(query.owner, 'query.owner')),
  );

  registerRoute(app, apiRoutes.adminGetTokenUri, ({ params }) => tokens.tokenUri(BigInt(params.id)));

  registerRoute(app, apiRoutes.adminSetTokenUri, async ({ params, body, session }) => {
    if (body.tokenId !== undefined && BigInt(body.tokenId) !== BigInt(params.id)) {
      throw invalid('body.tokenId', 'must equal the token id in the path');
    }
    const tokenId = BigInt(params.id);
    const requester = requireSession(session).userId;
    if (body.metadata) {
      const result = await assets.setTokenMetadata(tokenId, body.metadata, requester);
      return { ...result, tokenId: params.id, gatewayUrl: tokens.gatewayUrlFor(result.uri) };
    }
    const uri = body.uri!;
    const result = await tokens.setTokenUri(tokenId, uri, requester);
    return {
      ...result,
      tokenId: params.id,
      uri,
      gatewayUrl: tokens.gatewayUrlFor(uri),
      metadataCid: null,
    };
  });

  // The IPFS upload takes raw bytes as a stream, so it lives in its own scope with a pass-through parser for
  // application/octet-stream (other routes keep refusing that type with 415).
  await app.register(async (scope) => {
    scope.addContentTypeParser(IPFS_UPLOAD_BINARY_TYPE, (_request, _payload, done) => done(null, undefined));
    registerRoute(scope, apiRoutes.adminIpfsUpload, async ({ request }) => {
      if (isBinary(request)) {
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > assets.uploadMaxBytes) {
          throw tooLargeError(assets.uploadMaxBytes);
        }
        return assets.pinFile(request.raw);
      }
      const parsed = IpfsUploadJsonBody.safeParse(request.body);
      if (!parsed.success) {
        const details = parsed.error.issues.map((issue) => ({
          field: ['body', ...issue.path.map(String)].join('.'),
          message: issue.message,
        }));
        throw new AppError(
          'VALIDATION_FAILED',
          `Some fields are not valid: ${details.map((detail) => detail.field).join(', ')}.`,
          details,
        );
      }
      return assets.pinFile(Buffer.from(parsed.data.tokenAssetData.contentBase64, 'base64'));
    });
  });
}

function isBinary(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return type.split(';')[0]!.trim().toLowerCase() === IPFS_UPLOAD_BINARY_TYPE;
}
