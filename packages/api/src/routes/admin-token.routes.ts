import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { multilineText, text } from '../string-primitives.ts';
import { EthAddress } from './chain.routes.ts';

/**
 * The operator's token tools (docs/original-spec.md §7, "Administration"): mint, burn, transfer, approve, allowances,
 * token URIs and IPFS uploads, all on the HanabiToken ERC-1155 contract through the server's signer.
 *
 * Numbers that may exceed 2^53 (token ids, amounts, balances) travel as strings of decimal digits; amounts may also
 * be given as JSON numbers. Every write answers after its receipt: `{ txHash, blockNumber, status: 'confirmed' }`.
 * A write the contract refuses answers 422 with the revert reason (its custom error name and arguments) in the
 * message, before any gas is spent; an unreachable chain answers 503.
 */

export const UINT256_MAX = (1n << 256n) - 1n;

/** A uint256 written in decimal digits. */
export const Uint256String = text()
  .regex(/^\d{1,78}$/, 'must be a whole number written in decimal digits')
  // Refinements run even after the regex failed: only digits reach BigInt.
  .refine((value) => !/^\d{1,78}$/.test(value) || BigInt(value) <= UINT256_MAX, {
    message: 'must fit in 256 bits',
  });

/** A token id: a uint256 in decimal digits (a string, so ids beyond 2^53 survive JSON). */
export const TokenIdString = Uint256String;

function amountSchema(minimum: 0 | 1) {
  const wording =
    minimum === 1
      ? 'must be a positive whole number (a JSON number or a string of digits)'
      : 'must be a whole number of 0 or more (a JSON number or a string of digits)';
  return z.union(
    [
      z
        .number({ error: wording })
        .int({ error: wording })
        .min(minimum, { error: wording })
        .max(Number.MAX_SAFE_INTEGER),
      Uint256String.refine((value) => !/^\d+$/.test(value) || BigInt(value) >= BigInt(minimum), {
        message: wording,
      }),
    ],
    { error: wording },
  );
}
/** How many copies: a positive whole number (number or digits). */
export const TokenAmount = amountSchema(1);
/** An allowance: 0 (revokes) or more. */
export const TokenAllowanceAmount = amountSchema(0);

/** A token or metadata URI Hanabi sets on chain: `ipfs://…` or `https://…`. */
export const TokenUri = text()
  .max(2048)
  .regex(/^(ipfs:\/\/[A-Za-z0-9]+(\/\S*)?|https:\/\/\S+)$/, 'must be an ipfs:// or https:// URI');

export const TokenIdParams = z.object({ id: TokenIdString });
export const TokenIdPathParams = z.object({ tokenId: TokenIdString });

/** Every write's answer, once the transaction is mined. */
export const TokenTxResult = z.object({
  txHash: z.string(),
  blockNumber: z.number().int(),
  status: z.literal('confirmed'),
  /** The row in the operations history. */
  operationId: z.string(),
});
export type TokenTxResult = z.infer<typeof TokenTxResult>;

// ─── mint / burn / transfer / approve ────────────────────────────────────────────────────────────────────────

export const MintTokenBody = z.object({
  token: z.object({
    to: EthAddress,
    tokenId: TokenIdString,
    amount: TokenAmount,
    /** Also sets `uri(tokenId)` (a second transaction, after the mint). */
    uri: TokenUri.optional(),
  }),
});
export type MintTokenBody = z.input<typeof MintTokenBody>;
export const MintTokenResponse = TokenTxResult.extend({
  tokenId: TokenIdString,
  /** The setURI transaction when a `uri` was given. */
  uriTxHash: z.string().nullable(),
});

/**
 * Burn: `from` defaults to the server's signer. The signer can burn its own tokens, or a holder's who approved
 * it for all (`setApprovalForAll`); a per-id allowance does NOT authorise burning (422
 * `ERC1155MissingApprovalForAll`). Given in the query or in a JSON body (the body wins).
 */
export const BurnTokenInput = z.object({ from: EthAddress.optional(), amount: TokenAmount.optional() });
export type BurnTokenInput = z.input<typeof BurnTokenInput>;

/** The original's transfer payload; the server's signer sends `safeTransferFrom(sender, receiver, id, value)`. */
export const TransferTokenBody = z.object({
  sender: EthAddress,
  receiver: EthAddress,
  /** Optional; when given it must equal the path's token id. */
  tokenId: TokenIdString.optional(),
  value: TokenAmount,
});
export type TransferTokenBody = z.input<typeof TransferTokenBody>;

/** ERC-5216 `approve(receiver, id, value)` from the signer's holdings (sets the allowance; 0 revokes). */
export const ApproveTokenBody = z.object({ receiver: EthAddress, value: TokenAllowanceAmount });
export type ApproveTokenBody = z.input<typeof ApproveTokenBody>;

export const GetApprovedQuery = z.object({
  /** Default: the server's signer. */
  owner: EthAddress.optional(),
  operator: EthAddress,
});
export const GetApprovedResponse = z.object({
  tokenId: TokenIdString,
  owner: z.string(),
  operator: z.string(),
  /** Remaining per-id allowance (ERC-5216). */
  allowance: Uint256String,
  approvedForAll: z.boolean(),
});

export const BalanceQuery = z.object({ owner: EthAddress.optional() });
export const BalanceResponse = z.object({
  tokenId: TokenIdString,
  owner: z.string(),
  balance: Uint256String,
});

// ─── token URIs and IPFS ─────────────────────────────────────────────────────────────────────────────────────

export const TokenUriResponse = z.object({
  tokenId: TokenIdString,
  /** `uri(id)` on chain; '' when none is set. */
  uri: z.string(),
  /** Where a browser can fetch it (the IPFS gateway for ipfs:// URIs); null when there is no URI. */
  gatewayUrl: z.string().nullable(),
});

/** ERC-1155 metadata JSON (pinned to IPFS as is). */
export const TokenMetadata = z.object({
  name: text().trim().min(1).max(200),
  description: multilineText().max(5000),
  image: TokenUri,
  external_url: text().url().max(2048).optional(),
  attributes: z
    .array(
      z.object({
        trait_type: text().min(1).max(100),
        value: z.union([text().max(500), z.number()]),
        display_type: text().max(50).optional(),
      }),
    )
    .max(100)
    .optional(),
});
export type TokenMetadata = z.infer<typeof TokenMetadata>;

/** Exactly one of `uri` (set as given) or `metadata` (pinned to IPFS, then `ipfs://<cid>` set). */
export const SetTokenUriBody = z
  .object({
    tokenId: TokenIdString.optional(),
    uri: TokenUri.optional(),
    metadata: TokenMetadata.optional(),
  })
  .refine((body) => (body.uri === undefined) !== (body.metadata === undefined), {
    message: 'give exactly one of uri or metadata',
    path: ['uri'],
  });
export type SetTokenUriBody = z.input<typeof SetTokenUriBody>;
export const SetTokenUriResponse = TokenTxResult.extend({
  tokenId: TokenIdString,
  uri: z.string(),
  gatewayUrl: z.string().nullable(),
  /** CID of the pinned metadata JSON when `metadata` was given. */
  metadataCid: z.string().nullable(),
});

/** Media type of the binary form of `POST /api/admin/ipfs` (XHR upload progress works with it). */
export const IPFS_UPLOAD_BINARY_TYPE = 'application/octet-stream';

/**
 * The JSON form of `POST /api/admin/ipfs` (the original's `tokenAssetData`), for small files. Larger files are
 * sent as the raw request body with `Content-Type: application/octet-stream` (limit: `IPFS_UPLOAD_MAX_BYTES`).
 */
export const IpfsUploadJsonBody = z.object({
  tokenAssetData: z.object({
    name: text().max(255).optional(),
    contentBase64: text().base64(),
  }),
});
export type IpfsUploadJsonBody = z.input<typeof IpfsUploadJsonBody>;
export const IpfsUploadResponse = z.object({
  cid: z.string(),
  size: z.number().int(),
  uri: z.string(),
  gatewayUrl: z.string(),
  /** Sniffed from the bytes. */
  mediaType: z.string(),
});
export type IpfsUploadResponse = z.infer<typeof IpfsUploadResponse>;

// ─── lists ───────────────────────────────────────────────────────────────────────────────────────────────────

export const ListCursorQuery = z.object({
  cursor: text().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

export const KnownToken = z.object({
  tokenId: TokenIdString,
  uri: z.string().nullable(),
  gatewayUrl: z.string().nullable(),
  /** What Hanabi's own confirmed writes minted (operator mints and deliveries) and burned (the chain may know more). */
  minted: Uint256String,
  burned: Uint256String,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KnownToken = z.infer<typeof KnownToken>;
export const TokenListResponse = z.object({
  list: z.array(KnownToken),
  nextCursor: z.string().nullable(),
  contractAddress: z.string().nullable(),
  /** The address that signs (its own balance is what "burn" takes by default); null if the chain is down. */
  signer: z.string().nullable(),
});

export const CHAIN_OPERATION_KINDS = ['mint', 'burn', 'transfer', 'approve', 'set_uri'] as const;
export const ChainOperation = z.object({
  id: z.string(),
  kind: z.enum(CHAIN_OPERATION_KINDS),
  tokenId: TokenIdString,
  from: z.string().nullable(),
  to: z.string().nullable(),
  amount: Uint256String.nullable(),
  uri: z.string().nullable(),
  txHash: z.string().nullable(),
  /** submitted: sent, not yet confirmed; failed: refused by simulation (no hash) or reverted on chain. */
  status: z.enum(['submitted', 'confirmed', 'failed']),
  blockNumber: z.number().int().nullable(),
  gasUsed: Uint256String.nullable(),
  error: z.string().nullable(),
  requestedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ChainOperation = z.infer<typeof ChainOperation>;
export const ChainOperationsQuery = ListCursorQuery.extend({ tokenId: TokenIdString.optional() });
export const ChainOperationsResponse = z.object({
  list: z.array(ChainOperation),
  nextCursor: z.string().nullable(),
});

// ─── the routes ──────────────────────────────────────────────────────────────────────────────────────────────

export const adminTokenRoutes = {
  adminListTokens: defineRoute({
    method: 'GET',
    path: '/api/admin/token',
    access: 'operator',
    summary: 'Token ids Hanabi knows, with what it minted and burned and their URIs',
    query: ListCursorQuery,
    response: TokenListResponse,
  }),
  adminMintToken: defineRoute({
    method: 'POST',
    path: '/api/admin/token',
    access: 'operator',
    summary: 'Mint `amount` of `tokenId` to `to` (optionally setting its URI)',
    body: MintTokenBody,
    response: MintTokenResponse,
  }),
  adminTokenOperations: defineRoute({
    method: 'GET',
    path: '/api/admin/token/operations',
    access: 'operator',
    summary: 'History of the token writes Hanabi made or tried, newest first',
    query: ChainOperationsQuery,
    response: ChainOperationsResponse,
  }),
  adminBurnToken: defineRoute({
    method: 'DELETE',
    path: '/api/admin/token/:id',
    access: 'operator',
    summary:
      'Burn `amount` of a token from `from` (default: the signer; else a holder who approved it for all)',
    params: TokenIdParams,
    query: BurnTokenInput,
    body: BurnTokenInput.nullish(),
    response: TokenTxResult,
  }),
  adminTransferToken: defineRoute({
    method: 'POST',
    path: '/api/admin/token/:tokenId/transfer',
    access: 'operator',
    summary: 'Transfer `value` of a token from `sender` to `receiver` (signer holds, or is approved)',
    params: TokenIdPathParams,
    body: TransferTokenBody,
    response: TokenTxResult,
  }),
  adminApproveToken: defineRoute({
    method: 'POST',
    path: '/api/admin/token/:id/approve',
    access: 'operator',
    summary: 'Allow `receiver` to move `value` of the signer’s tokens of this id (ERC-5216)',
    params: TokenIdParams,
    body: ApproveTokenBody,
    response: TokenTxResult,
  }),
  adminGetApproved: defineRoute({
    method: 'GET',
    path: '/api/admin/token/:id/getApproved',
    access: 'operator',
    summary: 'Allowance of `operator` over `owner`’s tokens of this id, and approval for all',
    params: TokenIdParams,
    query: GetApprovedQuery,
    response: GetApprovedResponse,
  }),
  adminTokenBalance: defineRoute({
    method: 'GET',
    path: '/api/admin/token/:id/balance',
    access: 'operator',
    summary: 'On-chain balance of `owner` (default: the signer) for this id',
    params: TokenIdParams,
    query: BalanceQuery,
    response: BalanceResponse,
  }),
  adminGetTokenUri: defineRoute({
    method: 'GET',
    path: '/api/admin/tokenUri/:id',
    access: 'operator',
    summary: 'The token URI on chain (404 for an id that was never minted and has no URI)',
    params: TokenIdParams,
    response: TokenUriResponse,
  }),
  adminSetTokenUri: defineRoute({
    method: 'POST',
    // `:id` like the GET beside it: one templated path takes one parameter name (OpenAPI, issue 35).
    path: '/api/admin/tokenUri/:id',
    access: 'operator',
    summary: 'Set the token URI, given as is or as metadata JSON pinned to IPFS',
    params: TokenIdParams,
    body: SetTokenUriBody,
    response: SetTokenUriResponse,
  }),
  adminIpfsUpload: defineRoute({
    method: 'POST',
    path: '/api/admin/ipfs',
    access: 'operator',
    summary:
      'Pin a file to IPFS: raw bytes (Content-Type: application/octet-stream) or JSON { tokenAssetData: { name, contentBase64 } }',
    // Not validated by schema: the binary form has no JSON body. The service checks the JSON form against
    // IpfsUploadJsonBody and answers 400 naming the fields.
    response: IpfsUploadResponse,
    successStatus: 201,
  }),
};
