import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getAddress, type Hex, type TransactionSerializable } from 'viem';
import { hanabiTokenAbi, startAnvil, type AnvilInstance } from '@hanabi/token';
import { AirdropSigner } from './airdrop-signer.ts';
import { ChainError } from './chain.adapter.ts';
import { anvilDevAddress, anvilDevKey } from './embedded-chain.ts';
import { startFakeRemoteSigner, type FakeRemoteSigner } from '../../test/fake-remote-signer.ts';
import { RpcChain } from './rpc-chain.ts';
import { localSigner, noSigner, remoteSigner } from './transaction-signer.ts';

const KEY = anvilDevKey(3);
const ADDRESS = anvilDevAddress(3);
const OTHER_KEY = anvilDevKey(4);

const sample: TransactionSerializable = {
  type: 'eip1559',
  chainId: 31337,
  to: anvilDevAddress(5),
  data: '0x1234',
  nonce: 7,
  gas: 50_000n,
  maxFeePerGas: 2_000_000_000n,
  maxPriorityFeePerGas: 1_000_000n,
  value: 0n,
};

async function chainErrorOf(promise: Promise<unknown>): Promise<ChainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ChainError);
  return error as ChainError;
}

describe('transaction signers', () => {
  let fake: FakeRemoteSigner;
  beforeAll(async () => {
    fake = await startFakeRemoteSigner(KEY, OTHER_KEY);
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake.misbehave = null;
    fake.calls.length = 0;
  });

  it('the remote signer returns byte for byte what the local key signs', async () => {
    const remote = await remoteSigner({ url: fake.url });
    expect(remote.kind).toBe('remote');
    expect(remote.address).toBe(ADDRESS);
    const raw = await remote.signTransaction(sample);
    expect(raw).toBe(await localSigner(KEY).signTransaction(sample));
    expect(fake.calls).toEqual(['eth_accounts', 'eth_signTransaction']);
    // legacy (gasPrice) transactions too
    const legacy: TransactionSerializable = {
      type: 'legacy',
      chainId: 31337,
      to: sample.to,
      data: sample.data,
      nonce: sample.nonce,
      gas: sample.gas,
      gasPrice: 3n,
      value: 0n,
    };
    expect(await remote.signTransaction(legacy)).toBe(await localSigner(KEY).signTransaction(legacy));
  });

  it('takes the configured address only when the signer holds it', async () => {
    const remote = await remoteSigner({ url: fake.url, address: ADDRESS.toLowerCase() as Hex });
    expect(remote.address).toBe(ADDRESS);
    const error = await chainErrorOf(remoteSigner({ url: fake.url, address: anvilDevAddress(6) }));
    expect(error.chainKind).toBe('permanent');
    expect(error.message).toMatch(/does not hold/);
  });

  it.each([
    ['other-nonce', /changed the transaction's nonce/],
    ['other-recipient', /changed the transaction's to/],
    ['other-key', /signed as 0x/],
  ] as const)('refuses an answer from a signer that %s', async (misbehave, message) => {
    const remote = await remoteSigner({ url: fake.url });
    fake.misbehave = misbehave;
    const error = await chainErrorOf(remote.signTransaction(sample));
    expect(error.chainKind).toBe('permanent');
    expect(error.message).toMatch(message);
  });

  it('maps a refusal, a broken signer and an unreachable one to ChainError kinds, without the URL', async () => {
    const remote = await remoteSigner({ url: fake.url });
    fake.misbehave = 'rpc-error';
    const refused = await chainErrorOf(remote.signTransaction(sample));
    expect([refused.chainKind, refused.message]).toEqual([
      'permanent',
      expect.stringMatching(/refused eth_signTransaction: signing refused by policy/),
    ]);
    fake.misbehave = 'http-500';
    expect((await chainErrorOf(remote.signTransaction(sample))).chainKind).toBe('retryable');
    fake.misbehave = 'garbage';
    expect((await chainErrorOf(remote.signTransaction(sample))).chainKind).toBe('retryable');

    const secretUrl = 'http://user:s3cret@127.0.0.1:9/sign?token=abc';
    const down = await chainErrorOf(remoteSigner({ url: secretUrl, timeoutMs: 2000 }));
    expect(down.chainKind).toBe('retryable');
    expect(down.message).not.toMatch(/s3cret|token=abc|user/);
  });

  it('an api without a key knows the address and refuses to sign, saying why', async () => {
    const none = noSigner(ADDRESS.toLowerCase() as Hex);
    expect(none.address).toBe(ADDRESS);
    const error = await chainErrorOf(none.signTransaction(sample));
    expect(error.chainKind).toBe('permanent');
    expect(error.message).toMatch(/no signer.*CHAIN_SIGNER_URL/);
  });
});

describe('a remote signer on a real chain (anvil)', () => {
  let anvil: AnvilInstance;
  let fake: FakeRemoteSigner;
  beforeAll(async () => {
    [anvil, fake] = await Promise.all([startAnvil(), startFakeRemoteSigner(KEY)]);
  });
  afterAll(async () => {
    await Promise.all([anvil?.stop(), fake?.close()]);
  });

  it('deploys the token, writes through the wallet client and delivers an airdrop; the process never holds the key', async () => {
    const chain = new RpcChain({
      rpcUrl: anvil.rpcUrl,
      chainId: 31337,
      signer: await remoteSigner({ url: fake.url }),
    });
    expect(chain.signerKind).toBe('remote');
    expect(chain.signer).toBe(ADDRESS);

    const token = await chain.deployToken();
    expect(await chain.hasCode(token)).toBe(true);
    const minter = await chain.publicClient.readContract({
      address: token,
      abi: hanabiTokenAbi,
      functionName: 'MINTER_ROLE',
    });
    expect(
      await chain.publicClient.readContract({
        address: token,
        abi: hanabiTokenAbi,
        functionName: 'hasRole',
        args: [minter, ADDRESS],
      }),
    ).toBe(true);

    // A write through viem's wallet client (what the operator token tools do).
    const setUri = await chain.walletClient.writeContract({
      address: token,
      abi: hanabiTokenAbi,
      functionName: 'setURI',
      args: [1n, 'ipfs://bafy-remote'],
    });
    expect((await chain.publicClient.waitForTransactionReceipt({ hash: setUri })).status).toBe('success');

    // The delivery engine's path: sign with a chosen nonce, store, broadcast, find the receipt and the logs.
    const signer = new AirdropSigner(chain);
    const recipients = [anvilDevAddress(7), anvilDevAddress(8)].map((a) => getAddress(a));
    const airdrop = { contract: token, recipients, tokenId: 1n, amount: 1n };
    const { pending } = await signer.nonces();
    const signed = await signer.sign(airdrop, {
      nonce: pending,
      gas: await signer.estimateGas(airdrop),
      ...(await signer.fees()),
    });
    await signer.broadcast(signed.raw);
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: signed.hash });
    expect(receipt.status).toBe('success');
    const seen = await signer.mintsTo(token, 1n, recipients, 0n);
    expect(seen.map((s) => s.to).sort()).toEqual([...recipients].sort());
    expect(fake.calls.filter((m) => m === 'eth_signTransaction')).toHaveLength(3);
  });

  it('an api-role chain (no signer) reads but refuses writes before anything is sent', async () => {
    const chain = new RpcChain({ rpcUrl: anvil.rpcUrl, chainId: 31337, signer: noSigner(ADDRESS) });
    const before = await chain.publicClient.getTransactionCount({ address: ADDRESS });
    await expect(chain.walletClient.sendTransaction({ to: anvilDevAddress(9), value: 1n })).rejects.toThrow(
      /no signer/,
    );
    expect(await chain.publicClient.getTransactionCount({ address: ADDRESS })).toBe(before);
  });
});
