import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountEth, IpfsUploadResponse } from '@hanabi/api';
import { testBackends } from '../../test/test-context.ts';
import {
  expectConfirmed,
  expectError,
  failingFields,
  openTokenWorld,
  type TokenWorld,
} from '../../test/tokens.fixture.ts';

const HELLO_CID = 'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);
const MAX_BYTES = 300_000; // more than one 256 KiB chunk, so a multi-block file fits

describe.each(testBackends())('IPFS uploads, token metadata and wallet holdings on %s', (backend) => {
  let w: TokenWorld;
  beforeAll(async () => {
    w = await openTokenWorld(backend, { IPFS_UPLOAD_MAX_BYTES: String(MAX_BYTES) });
  });
  afterAll(async () => {
    await w?.close();
  });

  const upload = (payload: Buffer | object, headers: Record<string, string>, contentType?: string) =>
    w.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/ipfs',
      headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) },
      payload: payload as Buffer,
    });

  it('pins raw bytes with the CID Kubo would give and serves them from /ipfs/{cid}', async () => {
    const res = await upload(Buffer.from('hello world'), w.operator, 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(201);
    expect(IpfsUploadResponse.parse(res.json())).toEqual({
      cid: HELLO_CID,
      size: 11,
      uri: `ipfs://${HELLO_CID}`,
      gatewayUrl: `${w.ctx.config.ipfs.gatewayUrl}/ipfs/${HELLO_CID}`,
      mediaType: 'text/plain; charset=utf-8',
    });
    const served = await w.ctx.app.inject({ method: 'GET', url: `/ipfs/${HELLO_CID}` });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('hello world');

    const png = await upload(PNG, w.operator, 'application/octet-stream');
    expect(png.json().mediaType).toBe('image/png');
    const ipfs = await w.ctx.container.adapters.ipfs.get();
    expect(png.json().cid).toBe((await ipfs.add(PNG)).cid);

    // A file of several 256 KiB chunks, streamed: same CID as the adapter's own import.
    const large = Buffer.alloc(280_000, 7);
    const big = await upload(large, w.operator, 'application/octet-stream');
    expect(big.statusCode).toBe(201);
    expect(big.json()).toMatchObject({ cid: (await ipfs.add(large)).cid, size: 280_000 });
  });

  it('pins the JSON form (tokenAssetData) to the same CID', async () => {
    const res = await upload(
      { tokenAssetData: { name: 'hello.txt', contentBase64: Buffer.from('hello world').toString('base64') } },
      w.operator,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().cid).toBe(HELLO_CID);
  });

  it('refuses uploads that are too large, empty, malformed or of another content type', async () => {
    const tooLarge = await upload(Buffer.alloc(MAX_BYTES + 1), w.operator, 'application/octet-stream');
    expect(expectError(tooLarge, 413, 'PAYLOAD_TOO_LARGE')).toContain(String(MAX_BYTES));
    // Streamed without a Content-Length: counted while pinning.
    const streamed = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/ipfs',
      headers: { ...w.operator, 'content-type': 'application/octet-stream' },
      payload: Readable.from([Buffer.alloc(200_000, 1), Buffer.alloc(200_000, 2)]),
    });
    expectError(streamed, 413, 'PAYLOAD_TOO_LARGE');
    expectError(await upload(Buffer.alloc(0), w.operator, 'application/octet-stream'), 400, 'BAD_REQUEST');
    expect(failingFields(await upload({ tokenAssetData: { contentBase64: '***' } }, w.operator))).toEqual([
      'body.tokenAssetData.contentBase64',
    ]);
    expect(failingFields(await upload({}, w.operator))).toEqual(['body.tokenAssetData']);
    expectError(await upload(Buffer.from('hi'), w.operator, 'image/png'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await upload(Buffer.from('hi'), w.audience, 'application/octet-stream'), 403, 'FORBIDDEN');
    expectError(await upload(Buffer.from('hi'), {}, 'application/octet-stream'), 401, 'UNAUTHENTICATED');
  });

  it('sets a token URI from metadata: the JSON is pinned and uri(id) on chain is ipfs://<cid>', async () => {
    const metadata = {
      name: 'Hanabi #7',
      description: 'A firework',
      image: `ipfs://${HELLO_CID}`,
      attributes: [{ trait_type: 'colour', value: 'red' }],
    };
    const res = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/tokenUri/7',
      headers: w.operator,
      payload: { tokenId: '7', metadata },
    });
    expectConfirmed(res);
    const { uri, metadataCid, gatewayUrl } = res.json();
    expect(uri).toBe(`ipfs://${metadataCid}`);
    expect(gatewayUrl).toBe(`${w.ctx.config.ipfs.gatewayUrl}/ipfs/${metadataCid}`);
    expect(await w.token.uri(7n)).toBe(uri);
    const served = await w.ctx.app.inject({ method: 'GET', url: `/ipfs/${metadataCid}` });
    expect(served.headers['content-type']).toBe('application/json');
    expect(served.json()).toEqual(metadata);

    // Known now (a URI, nothing minted): readable, and listed.
    const read = await w.ctx.app.inject({ method: 'GET', url: '/api/admin/tokenUri/7', headers: w.operator });
    expect(read.json()).toEqual({ tokenId: '7', uri, gatewayUrl });
    const list = await w.ctx.app.inject({ method: 'GET', url: '/api/admin/token', headers: w.operator });
    expect(list.json().list).toEqual([
      expect.objectContaining({ tokenId: '7', uri, minted: '0', burned: '0' }),
    ]);

    const direct = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/tokenUri/7',
      headers: w.operator,
      payload: { uri: 'https://example.com/7.json' },
    });
    expectConfirmed(direct);
    expect(direct.json()).toMatchObject({ metadataCid: null, gatewayUrl: 'https://example.com/7.json' });
    expect(await w.token.uri(7n)).toBe('https://example.com/7.json');
  });

  it('shows the wallet’s holdings from chain next to what Hanabi recorded', async () => {
    const before = AccountEth.parse(
      (await w.ctx.app.inject({ method: 'GET', url: '/api/myAccountEth', headers: w.audience })).json(),
    );
    expect(before).toMatchObject({ walletAddress: w.holder.address, holdings: [], chainReachable: true });

    const mint = (to: string, amount: number) =>
      w.ctx.app.inject({
        method: 'POST',
        url: '/api/admin/token',
        headers: w.operator,
        payload: { token: { to, tokenId: '7', amount } },
      });
    expectConfirmed(await mint(w.signer, 5));
    expectConfirmed(
      await w.ctx.app.inject({
        method: 'POST',
        url: '/api/admin/token/7/transfer',
        headers: w.operator,
        payload: { sender: w.signer, receiver: w.holder.address, tokenId: '7', value: 2 },
      }),
    );
    const after = AccountEth.parse(
      (await w.ctx.app.inject({ method: 'GET', url: '/api/myAccountEth', headers: w.audience })).json(),
    );
    expect(after.holdings).toEqual([
      { tokenId: '7', balance: '2', recorded: '2', uri: 'https://example.com/7.json' },
    ]);
    expect(after.contractAddress).toBe(w.token.address);

    // The operator burns one of the holder's tokens with their approval for all: both sides go down.
    await w.holder.setApprovalForAll(w.signer, true);
    expectConfirmed(
      await w.ctx.app.inject({
        method: 'DELETE',
        url: `/api/admin/token/7?from=${w.holder.address}&amount=1`,
        headers: w.operator,
      }),
    );
    const burned = (
      await w.ctx.app.inject({ method: 'GET', url: '/api/myAccountEth', headers: w.audience })
    ).json();
    expect(burned.holdings).toEqual([expect.objectContaining({ tokenId: '7', balance: '1', recorded: '1' })]);
  });
});
