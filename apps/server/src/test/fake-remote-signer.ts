import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hexToBigInt, hexToNumber, type Address, type Hex, type TransactionSerializable } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * A local stand-in for a Web3Signer-style remote signer (tests only): JSON-RPC `eth_accounts` and
 * `eth_signTransaction` over HTTP, signing with a key it holds. `misbehave` makes it answer as a broken or hostile
 * signer would, so the client's checks can be seen refusing it.
 */
export interface FakeRemoteSigner {
  url: string;
  address: Address;
  /** Every method called, in order. */
  calls: string[];
  misbehave: null | 'other-nonce' | 'other-recipient' | 'other-key' | 'rpc-error' | 'http-500' | 'garbage';
  close(): Promise<void>;
}

export async function startFakeRemoteSigner(key: Hex, otherKey?: Hex): Promise<FakeRemoteSigner> {
  const account = privateKeyToAccount(key);
  const other = otherKey ? privateKeyToAccount(otherKey) : undefined;
  const state: Omit<FakeRemoteSigner, 'url' | 'close'> = {
    address: account.address,
    calls: [],
    misbehave: null,
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      void answer(body).then(
        ([status, payload]) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
        },
        (error: unknown) => {
          res.writeHead(500);
          res.end(String(error));
        },
      );
    });
  });

  async function answer(body: string): Promise<[number, unknown]> {
    const request = JSON.parse(body) as { id: number; method: string; params: unknown[] };
    state.calls.push(request.method);
    const reply = (result: unknown): [number, unknown] => [200, { jsonrpc: '2.0', id: request.id, result }];
    if (state.misbehave === 'http-500') return [500, 'upstream signer vault sealed'];
    if (state.misbehave === 'garbage') return [200, 'not json'];
    if (request.method === 'eth_accounts') return reply([account.address]);
    if (request.method !== 'eth_signTransaction') {
      return [200, { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'Method not found' } }];
    }
    if (state.misbehave === 'rpc-error') {
      return [
        200,
        { jsonrpc: '2.0', id: request.id, error: { code: -32000, message: 'signing refused by policy' } },
      ];
    }
    const tx = fromRpc(request.params[0] as Record<string, string>);
    if (state.misbehave === 'other-nonce') tx.nonce = (tx.nonce ?? 0) + 1;
    if (state.misbehave === 'other-recipient') tx.to = '0x000000000000000000000000000000000000dEaD';
    const signer = state.misbehave === 'other-key' && other ? other : account;
    return reply(await signer.signTransaction(tx));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake = state as FakeRemoteSigner;
  fake.url = `http://127.0.0.1:${port}/`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

/** The JSON-RPC transaction object back into viem's shape (as a real signer would read it). */
function fromRpc(
  rpc: Record<string, string>,
): TransactionSerializable & { nonce?: number; to?: Address | null } {
  const quantity = (hex: string | undefined) => (hex === undefined ? undefined : hexToBigInt(hex as Hex));
  const base = {
    to: rpc.to as Address | undefined,
    data: rpc.data as Hex | undefined,
    value: quantity(rpc.value),
    nonce: rpc.nonce === undefined ? undefined : hexToNumber(rpc.nonce as Hex),
    gas: quantity(rpc.gas),
    chainId: hexToNumber((rpc.chainId ?? '0x7a69') as Hex),
  };
  if (rpc.maxFeePerGas !== undefined) {
    return {
      ...base,
      type: 'eip1559',
      maxFeePerGas: quantity(rpc.maxFeePerGas),
      maxPriorityFeePerGas: quantity(rpc.maxPriorityFeePerGas),
    } as TransactionSerializable;
  }
  return { ...base, type: 'legacy', gasPrice: quantity(rpc.gasPrice) } as TransactionSerializable;
}
