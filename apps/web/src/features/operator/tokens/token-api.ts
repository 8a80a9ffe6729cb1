import {
  apiRoutes,
  type ApproveTokenBody,
  type MintTokenBody,
  type SetTokenUriBody,
  type TransferTokenBody,
} from '@hanabi/api';
import { callApi } from '../../../lib/api-client';

/** Query keys of the token tools; every write invalidates `tokenKeys.all`. */
export const tokenKeys = {
  all: ['admin-token'] as const,
  list: ['admin-token', 'list'] as const,
  operations: ['admin-token', 'operations'] as const,
};

export function listTokens(cursor?: string) {
  return callApi(apiRoutes.adminListTokens, { query: { limit: 100, ...(cursor ? { cursor } : {}) } });
}

export function listOperations(cursor?: string) {
  return callApi(apiRoutes.adminTokenOperations, { query: { limit: 20, ...(cursor ? { cursor } : {}) } });
}

export function mintToken(token: MintTokenBody['token']) {
  return callApi(apiRoutes.adminMintToken, { body: { token } });
}

export function transferToken(tokenId: string, body: TransferTokenBody) {
  return callApi(apiRoutes.adminTransferToken, { params: { tokenId }, body });
}

export function approveToken(id: string, body: ApproveTokenBody) {
  return callApi(apiRoutes.adminApproveToken, { params: { id }, body });
}

export function getApproved(id: string, operator: string, owner?: string) {
  return callApi(apiRoutes.adminGetApproved, {
    params: { id },
    query: { operator, ...(owner ? { owner } : {}) },
  });
}

export function burnToken(id: string, amount: string, from?: string) {
  return callApi(apiRoutes.adminBurnToken, {
    params: { id },
    query: {},
    body: { amount, ...(from ? { from } : {}) },
  });
}

export function getTokenUri(id: string) {
  return callApi(apiRoutes.adminGetTokenUri, { params: { id } });
}

export function setTokenUri(tokenId: string, body: SetTokenUriBody) {
  return callApi(apiRoutes.adminSetTokenUri, { params: { id: tokenId }, body });
}
