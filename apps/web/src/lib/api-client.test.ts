import { apiRoutes, defineRoute } from '@hanabi/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAccount } from '../test/fixtures';
import { ApiError, NETWORK_ERROR_MESSAGE, buildQueryString, callApi, readCookie } from './api-client';
import { clearSessionToken, getSessionToken, setSessionToken } from './session-token';

// A write route for the XSRF tests: the contract has none yet, so build one with the contract's own helper.
const putAccount = defineRoute({
  method: 'PUT',
  path: '/api/account/:id',
  access: 'signedIn',
  summary: 'test',
  response: apiRoutes.myAccountBase.response,
});

function fetchReturning(response: Response | (() => Response)) {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    typeof response === 'function' ? response() : response,
  );
}

function sentHeaders(fetchMock: ReturnType<typeof fetchReturning>): Headers {
  return new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
}

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0`;
  }
}

beforeEach(() => {
  clearSessionToken();
  clearCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  clearCookies();
});

describe('callApi requests', () => {
  it('uses the route method and path, same-origin credentials and parses the answer', async () => {
    const account = makeAccount();
    const fetchMock = fetchReturning(jsonResponse(200, account));
    const result = await callApi(apiRoutes.myAccountBase, { fetchImpl: fetchMock });
    expect(result).toEqual(account);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/myAccountBase');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBeUndefined();
  });

  it('fills path params with buildPath and sends a JSON body', async () => {
    const fetchMock = fetchReturning(jsonResponse(200, makeAccount()));
    await callApi(putAccount, { params: { id: 'a b/c' }, body: { name: 'x' }, fetchImpl: fetchMock });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/account/a%20b%2Fc');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"name":"x"}');
    expect(sentHeaders(fetchMock).get('Content-Type')).toBe('application/json');
  });

  it('serialises the query, skipping empty values and repeating arrays', () => {
    expect(buildQueryString({ a: 1, b: undefined, c: null, d: ['x', 'y'], e: true })).toBe(
      '?a=1&d=x&d=y&e=true',
    );
    expect(buildQueryString({})).toBe('');
    expect(buildQueryString(undefined)).toBe('');
  });

  it('adds no Authorization header while no session token is known', async () => {
    const fetchMock = fetchReturning(jsonResponse(200, makeAccount()));
    await callApi(apiRoutes.myAccountBase, { fetchImpl: fetchMock });
    expect(sentHeaders(fetchMock).has('Authorization')).toBe(false);
  });

  it('adds Authorization: Bearer <session token> when one is known', async () => {
    setSessionToken('session-123');
    const fetchMock = fetchReturning(jsonResponse(200, makeAccount()));
    await callApi(apiRoutes.myAccountBase, { fetchImpl: fetchMock });
    expect(sentHeaders(fetchMock).get('Authorization')).toBe('Bearer session-123');
  });

  it('prefers an explicit token (sign-in and sign-up carry the identity token)', async () => {
    setSessionToken('session-123');
    const fetchMock = fetchReturning(jsonResponse(200, makeAccount()));
    await callApi(apiRoutes.myAccountBase, { token: 'id-token', fetchImpl: fetchMock });
    expect(sentHeaders(fetchMock).get('Authorization')).toBe('Bearer id-token');
  });

  it('keeps a session token handed out in set-auth-token as the bearer of later calls', async () => {
    const issued = new Response(JSON.stringify(makeAccount()), {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'set-auth-token': 'issued.sig' },
    });
    await callApi(apiRoutes.myAccountBase, { fetchImpl: fetchReturning(issued) });
    expect(getSessionToken()).toBe('issued.sig');
    const next = fetchReturning(jsonResponse(200, makeAccount()));
    await callApi(apiRoutes.myAccountBase, { fetchImpl: next });
    expect(sentHeaders(next).get('Authorization')).toBe('Bearer issued.sig');
  });

  it('sends X-XSRF-TOKEN from the XSRF-TOKEN cookie on non-GET calls only', async () => {
    document.cookie = 'other=1';
    document.cookie = 'XSRF-TOKEN=abc%3D123';
    const getFetch = fetchReturning(jsonResponse(200, makeAccount()));
    await callApi(apiRoutes.myAccountBase, { fetchImpl: getFetch });
    expect(sentHeaders(getFetch).has('X-XSRF-TOKEN')).toBe(false);

    const putFetch = fetchReturning(jsonResponse(200, makeAccount()));
    await callApi(putAccount, { params: { id: '1' }, body: {}, fetchImpl: putFetch });
    expect(sentHeaders(putFetch).get('X-XSRF-TOKEN')).toBe('abc=123');
  });

  it('sends no X-XSRF-TOKEN when the cookie is absent', async () => {
    const putFetch = fetchReturning(jsonResponse(200, makeAccount()));
    await callApi(putAccount, { params: { id: '1' }, body: {}, fetchImpl: putFetch });
    expect(sentHeaders(putFetch).has('X-XSRF-TOKEN')).toBe(false);
  });
});

describe('callApi errors', () => {
  it('throws ApiError with the envelope of the server error answer', async () => {
    const envelope = {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Invalid input',
        details: [{ field: 'body.name', message: 'Required' }],
      },
    };
    const fetchMock = fetchReturning(jsonResponse(400, envelope));
    const error = await callApi(putAccount, { params: { id: '1' }, body: {}, fetchImpl: fetchMock }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid input',
      details: [{ field: 'body.name', message: 'Required' }],
      body: envelope,
    });
  });

  it('reports 401 as UNAUTHENTICATED', async () => {
    const fetchMock = fetchReturning(
      jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in first' } }),
    );
    await expect(callApi(apiRoutes.myAccountBase, { fetchImpl: fetchMock })).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Sign in first',
    });
  });

  it('fails with the original wording when the network fails, and logs it', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await callApi(apiRoutes.myAccountBase, { fetchImpl: fetchMock }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
    expect(NETWORK_ERROR_MESSAGE).toBe('Something bad happened; please try again later.');
    expect((error as ApiError).isNetworkError).toBe(true);
    expect(console.error).toHaveBeenCalled();
  });

  it('reports an error answer without an envelope (e.g. an HTML 404) as UNEXPECTED_RESPONSE', async () => {
    const fetchMock = fetchReturning(
      new Response('<html>Not Found</html>', { status: 404, statusText: 'Not Found' }),
    );
    await expect(callApi(apiRoutes.myAccountBase, { fetchImpl: fetchMock })).rejects.toMatchObject({
      status: 404,
      code: 'UNEXPECTED_RESPONSE',
    });
  });

  it('rejects a 200 answer that is not JSON (a static host answering index.html)', async () => {
    const fetchMock = fetchReturning(new Response('<!doctype html><html></html>', { status: 200 }));
    await expect(callApi(apiRoutes.myAccountBase, { fetchImpl: fetchMock })).rejects.toMatchObject({
      code: 'UNEXPECTED_RESPONSE',
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('rejects a 200 answer outside the contract', async () => {
    const fetchMock = fetchReturning(jsonResponse(200, { hello: 'world' }));
    await expect(callApi(apiRoutes.myAccountBase, { fetchImpl: fetchMock })).rejects.toMatchObject({
      code: 'UNEXPECTED_RESPONSE',
    });
  });
});

describe('readCookie', () => {
  it('reads and decodes one cookie', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=x%20y; b=2')).toBe('x y');
    expect(readCookie('XSRF-TOKEN', 'a=1')).toBe('');
    expect(readCookie('XSRF-TOKEN', '')).toBe('');
    expect(readCookie('XSRF-TOKEN', 'XSRF-TOKEN=%E0%A4%A')).toBe('%E0%A4%A');
  });
});
