import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  decodeErrorResult,
  getAddress,
  parseEventLogs,
  toFunctionSelector,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import {
  DEFAULT_ADMIN_ROLE,
  INTERFACE_IDS,
  MINTER_ROLE,
  URI_SETTER_ROLE,
  deployHanabiToken,
  hanabiTokenAbi,
  hanabiTokenBytecode,
} from '../src/index.ts';
import {
  compileReceivers,
  expectRevert,
  revertData,
  setupChain,
  type AccountName,
  type Chain,
} from './helpers.ts';

const abi = hanabiTokenAbi;
const CONTRACT_URI = 'ipfs://bafkreicontractmetadata';
const URI_1 = 'ipfs://bafkreiprizeone';
const URI_2 = 'ipfs://bafkreiprizetwo';

let c: Chain;
let token: Address;
let receivers: Record<'accepting' | 'rejecting' | 'reverting' | 'notAReceiver', Address>;
let receiverAbi: ReturnType<typeof compileReceivers>['AcceptingReceiver']['abi'];
let snapshot: Hex;

// ---- small wrappers over viem, typed by the committed ABI

const write = (who: AccountName) => {
  const wallet = () => c.wallets[who];
  return {
    mint: (to: Address, id: bigint, amount: bigint, data: Hex = '0x') =>
      wallet().writeContract({ address: token, abi, functionName: 'mint', args: [to, id, amount, data] }),
    mintBatch: (to: Address, ids: bigint[], amounts: bigint[], data: Hex = '0x') =>
      wallet().writeContract({
        address: token,
        abi,
        functionName: 'mintBatch',
        args: [to, ids, amounts, data],
      }),
    airdrop: (to: Address[], id: bigint, amount: bigint) =>
      wallet().writeContract({ address: token, abi, functionName: 'airdrop', args: [to, id, amount] }),
    burn: (from: Address, id: bigint, amount: bigint) =>
      wallet().writeContract({ address: token, abi, functionName: 'burn', args: [from, id, amount] }),
    burnBatch: (from: Address, ids: bigint[], amounts: bigint[]) =>
      wallet().writeContract({ address: token, abi, functionName: 'burnBatch', args: [from, ids, amounts] }),
    transfer: (from: Address, to: Address, id: bigint, amount: bigint, data: Hex = '0x') =>
      wallet().writeContract({
        address: token,
        abi,
        functionName: 'safeTransferFrom',
        args: [from, to, id, amount, data],
      }),
    batchTransfer: (from: Address, to: Address, ids: bigint[], amounts: bigint[], data: Hex = '0x') =>
      wallet().writeContract({
        address: token,
        abi,
        functionName: 'safeBatchTransferFrom',
        args: [from, to, ids, amounts, data],
      }),
    approve: (operator: Address, id: bigint, amount: bigint) =>
      wallet().writeContract({ address: token, abi, functionName: 'approve', args: [operator, id, amount] }),
    setApprovalForAll: (operator: Address, approved: boolean) =>
      wallet().writeContract({
        address: token,
        abi,
        functionName: 'setApprovalForAll',
        args: [operator, approved],
      }),
    setURI: (id: bigint, uri: string) =>
      wallet().writeContract({ address: token, abi, functionName: 'setURI', args: [id, uri] }),
    setContractURI: (uri: string) =>
      wallet().writeContract({ address: token, abi, functionName: 'setContractURI', args: [uri] }),
    grantRole: (role: Hex, account: Address) =>
      wallet().writeContract({ address: token, abi, functionName: 'grantRole', args: [role, account] }),
    revokeRole: (role: Hex, account: Address) =>
      wallet().writeContract({ address: token, abi, functionName: 'revokeRole', args: [role, account] }),
    renounceRole: (role: Hex, account: Address) =>
      wallet().writeContract({ address: token, abi, functionName: 'renounceRole', args: [role, account] }),
  };
};

const balanceOf = (account: Address, id: bigint) =>
  c.publicClient.readContract({ address: token, abi, functionName: 'balanceOf', args: [account, id] });
const allowance = (owner: Address, operator: Address, id: bigint) =>
  c.publicClient.readContract({
    address: token,
    abi,
    functionName: 'allowance',
    args: [owner, operator, id],
  });
const uriOf = (id: bigint) =>
  c.publicClient.readContract({ address: token, abi, functionName: 'uri', args: [id] });
const hasRole = (role: Hex, account: Address) =>
  c.publicClient.readContract({ address: token, abi, functionName: 'hasRole', args: [role, account] });
const supports = (id: Hex) =>
  c.publicClient.readContract({ address: token, abi, functionName: 'supportsInterface', args: [id] });

const transferSingles = (receipt: Awaited<ReturnType<Chain['mined']>>) =>
  parseEventLogs({ abi, logs: receipt.logs, eventName: 'TransferSingle' }).map((l) => l.args);
const transferBatches = (receipt: Awaited<ReturnType<Chain['mined']>>) =>
  parseEventLogs({ abi, logs: receipt.logs, eventName: 'TransferBatch' }).map((l) => l.args);
const received = (receipt: Awaited<ReturnType<Chain['mined']>>) =>
  parseEventLogs({ abi: receiverAbi, logs: receipt.logs }).map((l) => ({
    eventName: l.eventName,
    args: l.args,
  }));

beforeAll(async () => {
  c = await setupChain();
  const compiled = compileReceivers();
  receiverAbi = compiled.AcceptingReceiver.abi;
  token = await deployHanabiToken(c.wallets.admin, c.publicClient, c.addr.admin, {
    contractURI: CONTRACT_URI,
  });
  const deploy = async (name: keyof typeof compiled) => {
    const receipt = await c.mined(c.wallets.admin.deployContract(compiled[name]));
    return getAddress(receipt.contractAddress!);
  };
  receivers = {
    accepting: await deploy('AcceptingReceiver'),
    rejecting: await deploy('RejectingReceiver'),
    reverting: await deploy('RevertingReceiver'),
    notAReceiver: await deploy('NotAReceiver'),
  };
  snapshot = await c.testClient.snapshot();
});

beforeEach(async () => {
  // Every test starts from the freshly deployed token: revert to the snapshot, then take a new one.
  await c.testClient.revert({ id: snapshot });
  snapshot = await c.testClient.snapshot();
});

afterAll(async () => {
  await c?.anvil.stop();
});

describe('deployment and roles', () => {
  it('grants DEFAULT_ADMIN_ROLE, MINTER_ROLE and URI_SETTER_ROLE to the admin, emitting RoleGranted', async () => {
    const receipt = await c.mined(
      c.wallets.alice.deployContract({ abi, bytecode: hanabiTokenBytecode, args: [c.addr.bob, 'ipfs://x'] }),
    );
    const granted = parseEventLogs({ abi, logs: receipt.logs, eventName: 'RoleGranted' }).map((l) => l.args);
    expect(granted).toEqual([
      { role: DEFAULT_ADMIN_ROLE, account: c.addr.bob, sender: c.addr.alice },
      { role: MINTER_ROLE, account: c.addr.bob, sender: c.addr.alice },
      { role: URI_SETTER_ROLE, account: c.addr.bob, sender: c.addr.alice },
    ]);
    expect(await hasRole(DEFAULT_ADMIN_ROLE, c.addr.admin)).toBe(true);
    expect(await hasRole(MINTER_ROLE, c.addr.admin)).toBe(true);
    expect(await hasRole(URI_SETTER_ROLE, c.addr.admin)).toBe(true);
    expect(await hasRole(MINTER_ROLE, c.addr.alice)).toBe(false);
  });

  it('exports role ids equal to the contract constants', async () => {
    const read = (functionName: 'DEFAULT_ADMIN_ROLE' | 'MINTER_ROLE' | 'URI_SETTER_ROLE') =>
      c.publicClient.readContract({ address: token, abi, functionName });
    expect(await read('DEFAULT_ADMIN_ROLE')).toBe(DEFAULT_ADMIN_ROLE);
    expect(await read('MINTER_ROLE')).toBe(MINTER_ROLE);
    expect(await read('URI_SETTER_ROLE')).toBe(URI_SETTER_ROLE);
    for (const role of [DEFAULT_ADMIN_ROLE, MINTER_ROLE, URI_SETTER_ROLE]) {
      expect(
        await c.publicClient.readContract({
          address: token,
          abi,
          functionName: 'getRoleAdmin',
          args: [role],
        }),
      ).toBe(DEFAULT_ADMIN_ROLE);
    }
  });

  it('refuses the zero address as admin', async () => {
    let error: unknown;
    try {
      await c.wallets.alice.deployContract({ abi, bytecode: hanabiTokenBytecode, args: [zeroAddress, ''] });
    } catch (err) {
      error = err;
    }
    const data = revertData(error);
    expect(decodeErrorResult({ abi, data })).toMatchObject({
      errorName: 'HanabiInvalidAdmin',
      args: [zeroAddress],
    });
  });

  it('lets the admin grant and revoke roles, emitting RoleGranted / RoleRevoked', async () => {
    const grant = await c.mined(write('admin').grantRole(MINTER_ROLE, c.addr.alice));
    expect(parseEventLogs({ abi, logs: grant.logs, eventName: 'RoleGranted' }).map((l) => l.args)).toEqual([
      { role: MINTER_ROLE, account: c.addr.alice, sender: c.addr.admin },
    ]);
    await c.mined(write('alice').mint(c.addr.bob, 1n, 1n));
    expect(await balanceOf(c.addr.bob, 1n)).toBe(1n);

    const revoke = await c.mined(write('admin').revokeRole(MINTER_ROLE, c.addr.alice));
    expect(parseEventLogs({ abi, logs: revoke.logs, eventName: 'RoleRevoked' }).map((l) => l.args)).toEqual([
      { role: MINTER_ROLE, account: c.addr.alice, sender: c.addr.admin },
    ]);
    await expectRevert(write('alice').mint(c.addr.bob, 1n, 1n), 'AccessControlUnauthorizedAccount', [
      c.addr.alice,
      MINTER_ROLE,
    ]);
  });

  it('lets an account renounce its own role', async () => {
    await c.mined(write('admin').grantRole(URI_SETTER_ROLE, c.addr.alice));
    const receipt = await c.mined(write('alice').renounceRole(URI_SETTER_ROLE, c.addr.alice));
    expect(parseEventLogs({ abi, logs: receipt.logs, eventName: 'RoleRevoked' }).map((l) => l.args)).toEqual([
      { role: URI_SETTER_ROLE, account: c.addr.alice, sender: c.addr.alice },
    ]);
    expect(await hasRole(URI_SETTER_ROLE, c.addr.alice)).toBe(false);
  });

  it('refuses grantRole and revokeRole from a non-admin', async () => {
    await expectRevert(
      write('mallory').grantRole(MINTER_ROLE, c.addr.mallory),
      'AccessControlUnauthorizedAccount',
      [c.addr.mallory, DEFAULT_ADMIN_ROLE],
    );
    await expectRevert(
      write('mallory').revokeRole(MINTER_ROLE, c.addr.admin),
      'AccessControlUnauthorizedAccount',
      [c.addr.mallory, DEFAULT_ADMIN_ROLE],
    );
    // A minter is not an admin either.
    await c.mined(write('admin').grantRole(MINTER_ROLE, c.addr.alice));
    await expectRevert(
      write('alice').grantRole(MINTER_ROLE, c.addr.bob),
      'AccessControlUnauthorizedAccount',
      [c.addr.alice, DEFAULT_ADMIN_ROLE],
    );
    expect(await hasRole(MINTER_ROLE, c.addr.mallory)).toBe(false);
    expect(await hasRole(MINTER_ROLE, c.addr.admin)).toBe(true);
  });
});

describe('supportsInterface', () => {
  const xor = (...sigs: string[]) =>
    `0x${sigs
      .map((s) => Number.parseInt(toFunctionSelector(s).slice(2), 16))
      .reduce((a, b) => (a ^ b) >>> 0, 0)
      .toString(16)
      .padStart(8, '0')}` as Hex;

  it('exported interface ids equal the XOR of the interface selectors', () => {
    expect(INTERFACE_IDS.IERC165).toBe(xor('supportsInterface(bytes4)'));
    expect(INTERFACE_IDS.IERC1155).toBe(
      xor(
        'balanceOf(address,uint256)',
        'balanceOfBatch(address[],uint256[])',
        'setApprovalForAll(address,bool)',
        'isApprovedForAll(address,address)',
        'safeTransferFrom(address,address,uint256,uint256,bytes)',
        'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
      ),
    );
    expect(INTERFACE_IDS.IERC1155MetadataURI).toBe(xor('uri(uint256)'));
    expect(INTERFACE_IDS.IAccessControl).toBe(
      xor(
        'hasRole(bytes32,address)',
        'getRoleAdmin(bytes32)',
        'grantRole(bytes32,address)',
        'revokeRole(bytes32,address)',
        'renounceRole(bytes32,address)',
      ),
    );
    expect(INTERFACE_IDS.IERC5216).toBe(
      xor('approve(address,uint256,uint256)', 'allowance(address,address,uint256)'),
    );
  });

  it.each(Object.entries(INTERFACE_IDS))('supports %s (%s)', async (_name, id) => {
    expect(await supports(id)).toBe(true);
  });

  it.each(['0xffffffff', '0x00000000', '0x80ac58cd', '0x12345678'] as const)(
    'does not support %s',
    async (id) => {
      expect(await supports(id)).toBe(false);
    },
  );
});

describe('metadata', () => {
  it('stores a URI per id and emits URI(value, id)', async () => {
    expect(await uriOf(1n)).toBe('');
    const r1 = await c.mined(write('admin').setURI(1n, URI_1));
    expect(parseEventLogs({ abi, logs: r1.logs, eventName: 'URI' }).map((l) => l.args)).toEqual([
      { value: URI_1, id: 1n },
    ]);
    await c.mined(write('admin').setURI(2n, URI_2));
    expect(await uriOf(1n)).toBe(URI_1);
    expect(await uriOf(2n)).toBe(URI_2);
    expect(await uriOf(3n)).toBe('');

    const updated = `${URI_1}/v2`;
    const r2 = await c.mined(write('admin').setURI(1n, updated));
    expect(parseEventLogs({ abi, logs: r2.logs, eventName: 'URI' })[0]?.args).toEqual({
      value: updated,
      id: 1n,
    });
    expect(await uriOf(1n)).toBe(updated);
  });

  it('lets a granted URI setter set URIs and refuses everyone else', async () => {
    await expectRevert(write('mallory').setURI(1n, URI_1), 'AccessControlUnauthorizedAccount', [
      c.addr.mallory,
      URI_SETTER_ROLE,
    ]);
    await c.mined(write('admin').grantRole(MINTER_ROLE, c.addr.alice));
    await expectRevert(write('alice').setURI(1n, URI_1), 'AccessControlUnauthorizedAccount', [
      c.addr.alice,
      URI_SETTER_ROLE,
    ]);
    await c.mined(write('admin').grantRole(URI_SETTER_ROLE, c.addr.bob));
    await c.mined(write('bob').setURI(7n, URI_2));
    expect(await uriOf(7n)).toBe(URI_2);
  });

  it('has an ERC-7572 contractURI settable by the URI setter only', async () => {
    const read = () => c.publicClient.readContract({ address: token, abi, functionName: 'contractURI' });
    expect(await read()).toBe(CONTRACT_URI);
    const receipt = await c.mined(write('admin').setContractURI('ipfs://new-contract'));
    expect(parseEventLogs({ abi, logs: receipt.logs, eventName: 'ContractURIUpdated' })).toHaveLength(1);
    expect(await read()).toBe('ipfs://new-contract');
    await expectRevert(write('mallory').setContractURI('ipfs://evil'), 'AccessControlUnauthorizedAccount', [
      c.addr.mallory,
      URI_SETTER_ROLE,
    ]);
  });
});

describe('mint / mintBatch', () => {
  it('mint credits the recipient and emits TransferSingle', async () => {
    const receipt = await c.mined(write('admin').mint(c.addr.alice, 5n, 3n));
    expect(transferSingles(receipt)).toEqual([
      { operator: c.addr.admin, from: zeroAddress, to: c.addr.alice, id: 5n, value: 3n },
    ]);
    expect(await balanceOf(c.addr.alice, 5n)).toBe(3n);
    await c.mined(write('admin').mint(c.addr.alice, 5n, 2n));
    expect(await balanceOf(c.addr.alice, 5n)).toBe(5n);
  });

  it('mintBatch credits every id and emits TransferBatch', async () => {
    const receipt = await c.mined(write('admin').mintBatch(c.addr.bob, [1n, 2n, 3n], [10n, 20n, 30n]));
    expect(transferBatches(receipt)).toEqual([
      {
        operator: c.addr.admin,
        from: zeroAddress,
        to: c.addr.bob,
        ids: [1n, 2n, 3n],
        values: [10n, 20n, 30n],
      },
    ]);
    const balances = await c.publicClient.readContract({
      address: token,
      abi,
      functionName: 'balanceOfBatch',
      args: [
        [c.addr.bob, c.addr.bob, c.addr.bob, c.addr.alice],
        [1n, 2n, 3n, 1n],
      ],
    });
    expect(balances).toEqual([10n, 20n, 30n, 0n]);
  });

  it('mintBatch refuses arrays of different lengths', async () => {
    await expectRevert(write('admin').mintBatch(c.addr.bob, [1n, 2n], [1n]), 'ERC1155InvalidArrayLength', [
      2n,
      1n,
    ]);
  });

  it('refuses the zero address as recipient', async () => {
    await expectRevert(write('admin').mint(zeroAddress, 1n, 1n), 'ERC1155InvalidReceiver', [zeroAddress]);
    await expectRevert(write('admin').mintBatch(zeroAddress, [1n], [1n]), 'ERC1155InvalidReceiver', [
      zeroAddress,
    ]);
  });

  it('refuses mint and mintBatch from a non-minter', async () => {
    await c.mined(write('admin').grantRole(URI_SETTER_ROLE, c.addr.alice));
    for (const who of ['mallory', 'alice'] as const) {
      await expectRevert(write(who).mint(c.addr[who], 1n, 1n), 'AccessControlUnauthorizedAccount', [
        c.addr[who],
        MINTER_ROLE,
      ]);
      await expectRevert(write(who).mintBatch(c.addr[who], [1n], [1n]), 'AccessControlUnauthorizedAccount', [
        c.addr[who],
        MINTER_ROLE,
      ]);
    }
  });

  it('calls the receiver hooks of a contract recipient (with data)', async () => {
    const r1 = await c.mined(write('admin').mint(receivers.accepting, 1n, 2n, '0xc0ffee'));
    expect(received(r1)).toEqual([
      {
        eventName: 'Received',
        args: { operator: c.addr.admin, from: zeroAddress, id: 1n, value: 2n, data: '0xc0ffee' },
      },
    ]);
    const r2 = await c.mined(write('admin').mintBatch(receivers.accepting, [1n, 2n], [3n, 4n], '0x01'));
    expect(received(r2)).toEqual([
      {
        eventName: 'BatchReceived',
        args: { operator: c.addr.admin, from: zeroAddress, ids: [1n, 2n], values: [3n, 4n], data: '0x01' },
      },
    ]);
    expect(await balanceOf(receivers.accepting, 1n)).toBe(5n);
  });

  it('refuses contract recipients that reject or lack the hooks', async () => {
    await expectRevert(write('admin').mint(receivers.rejecting, 1n, 1n), 'ERC1155InvalidReceiver', [
      receivers.rejecting,
    ]);
    await expectRevert(write('admin').mintBatch(receivers.rejecting, [1n], [1n]), 'ERC1155InvalidReceiver', [
      receivers.rejecting,
    ]);
    await expectRevert(write('admin').mint(receivers.notAReceiver, 1n, 1n), 'ERC1155InvalidReceiver', [
      receivers.notAReceiver,
    ]);
    await expectRevert(write('admin').mint(receivers.reverting, 1n, 1n), 'Error', [
      'RevertingReceiver: no prizes',
    ]);
  });
});

describe('airdrop', () => {
  const fresh = (n: number, offset = 0) =>
    Array.from({ length: n }, (_, i) =>
      getAddress(`0x${(0xa1_0000 + offset + i).toString(16).padStart(40, '0')}`),
    );

  it('mints to every recipient and emits one TransferSingle per recipient, in order', async () => {
    const to = [c.addr.alice, c.addr.bob, ...fresh(3)];
    const receipt = await c.mined(write('admin').airdrop(to, 42n, 2n));
    expect(transferSingles(receipt)).toEqual(
      to.map((recipient) => ({
        operator: c.addr.admin,
        from: zeroAddress,
        to: recipient,
        id: 42n,
        value: 2n,
      })),
    );
    expect(transferBatches(receipt)).toEqual([]);
    for (const recipient of to) expect(await balanceOf(recipient, 42n)).toBe(2n);
    expect(await balanceOf(c.addr.alice, 41n)).toBe(0n);
  });

  it('adds to existing balances and counts a repeated recipient twice', async () => {
    await c.mined(write('admin').mint(c.addr.alice, 1n, 5n));
    const receipt = await c.mined(write('admin').airdrop([c.addr.alice, c.addr.bob, c.addr.alice], 1n, 1n));
    expect(transferSingles(receipt).map((e) => e.to)).toEqual([c.addr.alice, c.addr.bob, c.addr.alice]);
    expect(await balanceOf(c.addr.alice, 1n)).toBe(7n);
    expect(await balanceOf(c.addr.bob, 1n)).toBe(1n);
  });

  it('handles 200 recipients in one transaction', async () => {
    const to = fresh(200, 1000);
    const receipt = await c.mined(write('admin').airdrop(to, 9n, 1n));
    const events = transferSingles(receipt);
    expect(events).toHaveLength(200);
    expect(new Set(events.map((e) => e.to))).toEqual(new Set(to));
    expect(await balanceOf(to[199]!, 9n)).toBe(1n);
  });

  it('refuses an empty list and a zero amount', async () => {
    await expectRevert(write('admin').airdrop([], 1n, 1n), 'HanabiEmptyAirdrop');
    await expectRevert(write('admin').airdrop([c.addr.alice], 1n, 0n), 'HanabiZeroAmount');
  });

  it('refuses a zero-address recipient and delivers to nobody', async () => {
    await expectRevert(
      write('admin').airdrop([c.addr.alice, zeroAddress], 1n, 1n),
      'ERC1155InvalidReceiver',
      [zeroAddress],
    );
    expect(await balanceOf(c.addr.alice, 1n)).toBe(0n);
  });

  it('calls onERC1155Received on a contract recipient that accepts', async () => {
    const receipt = await c.mined(write('admin').airdrop([c.addr.alice, receivers.accepting], 3n, 4n));
    expect(received(receipt)).toEqual([
      {
        eventName: 'Received',
        args: { operator: c.addr.admin, from: zeroAddress, id: 3n, value: 4n, data: '0x' },
      },
    ]);
    expect(transferSingles(receipt).map((e) => e.to)).toEqual([c.addr.alice, receivers.accepting]);
    expect(await balanceOf(receivers.accepting, 3n)).toBe(4n);
  });

  it('reverts the whole airdrop when a contract recipient rejects', async () => {
    await expectRevert(
      write('admin').airdrop([c.addr.alice, receivers.rejecting], 1n, 1n),
      'ERC1155InvalidReceiver',
      [receivers.rejecting],
    );
    await expectRevert(write('admin').airdrop([receivers.notAReceiver], 1n, 1n), 'ERC1155InvalidReceiver', [
      receivers.notAReceiver,
    ]);
    await expectRevert(write('admin').airdrop([receivers.reverting], 1n, 1n), 'Error', [
      'RevertingReceiver: no prizes',
    ]);
    expect(await balanceOf(c.addr.alice, 1n)).toBe(0n);
  });

  it('refuses a non-minter', async () => {
    await expectRevert(
      write('mallory').airdrop([c.addr.mallory], 1n, 1n),
      'AccessControlUnauthorizedAccount',
      [c.addr.mallory, MINTER_ROLE],
    );
  });
});

describe('burn / burnBatch', () => {
  beforeEach(async () => {
    await c.mined(write('admin').mintBatch(c.addr.alice, [1n, 2n], [10n, 20n]));
  });

  it('lets the holder burn, emitting TransferSingle to the zero address', async () => {
    const receipt = await c.mined(write('alice').burn(c.addr.alice, 1n, 4n));
    expect(transferSingles(receipt)).toEqual([
      { operator: c.addr.alice, from: c.addr.alice, to: zeroAddress, id: 1n, value: 4n },
    ]);
    expect(await balanceOf(c.addr.alice, 1n)).toBe(6n);
  });

  it('lets the holder burnBatch, emitting TransferBatch', async () => {
    const receipt = await c.mined(write('alice').burnBatch(c.addr.alice, [1n, 2n], [10n, 5n]));
    expect(transferBatches(receipt)).toEqual([
      { operator: c.addr.alice, from: c.addr.alice, to: zeroAddress, ids: [1n, 2n], values: [10n, 5n] },
    ]);
    expect(await balanceOf(c.addr.alice, 1n)).toBe(0n);
    expect(await balanceOf(c.addr.alice, 2n)).toBe(15n);
  });

  it('lets an operator approved for all burn', async () => {
    await c.mined(write('alice').setApprovalForAll(c.addr.carol, true));
    await c.mined(write('carol').burn(c.addr.alice, 1n, 1n));
    await c.mined(write('carol').burnBatch(c.addr.alice, [2n], [2n]));
    expect(await balanceOf(c.addr.alice, 1n)).toBe(9n);
    expect(await balanceOf(c.addr.alice, 2n)).toBe(18n);
  });

  it('refuses burns by others, including the admin and a per-id allowance holder', async () => {
    await expectRevert(write('mallory').burn(c.addr.alice, 1n, 1n), 'ERC1155MissingApprovalForAll', [
      c.addr.mallory,
      c.addr.alice,
    ]);
    await expectRevert(write('admin').burnBatch(c.addr.alice, [1n], [1n]), 'ERC1155MissingApprovalForAll', [
      c.addr.admin,
      c.addr.alice,
    ]);
    await c.mined(write('alice').approve(c.addr.carol, 1n, 5n));
    await expectRevert(write('carol').burn(c.addr.alice, 1n, 1n), 'ERC1155MissingApprovalForAll', [
      c.addr.carol,
      c.addr.alice,
    ]);
    expect(await allowance(c.addr.alice, c.addr.carol, 1n)).toBe(5n);
  });

  it('refuses to burn more than the balance', async () => {
    await expectRevert(write('alice').burn(c.addr.alice, 1n, 11n), 'ERC1155InsufficientBalance', [
      c.addr.alice,
      10n,
      11n,
      1n,
    ]);
    await expectRevert(
      write('alice').burnBatch(c.addr.alice, [1n, 2n], [1n, 21n]),
      'ERC1155InsufficientBalance',
      [c.addr.alice, 20n, 21n, 2n],
    );
    await expectRevert(write('alice').burnBatch(c.addr.alice, [1n, 2n], [1n]), 'ERC1155InvalidArrayLength', [
      2n,
      1n,
    ]);
  });
});

describe('transfers and approval for all', () => {
  beforeEach(async () => {
    await c.mined(write('admin').mintBatch(c.addr.alice, [1n, 2n], [10n, 20n]));
  });

  it('lets the holder transfer, emitting TransferSingle / TransferBatch', async () => {
    const r1 = await c.mined(write('alice').transfer(c.addr.alice, c.addr.bob, 1n, 3n));
    expect(transferSingles(r1)).toEqual([
      { operator: c.addr.alice, from: c.addr.alice, to: c.addr.bob, id: 1n, value: 3n },
    ]);
    const r2 = await c.mined(write('alice').batchTransfer(c.addr.alice, c.addr.bob, [1n, 2n], [1n, 2n]));
    expect(transferBatches(r2)).toEqual([
      { operator: c.addr.alice, from: c.addr.alice, to: c.addr.bob, ids: [1n, 2n], values: [1n, 2n] },
    ]);
    expect(await balanceOf(c.addr.bob, 1n)).toBe(4n);
    expect(await balanceOf(c.addr.alice, 1n)).toBe(6n);
  });

  it('setApprovalForAll emits ApprovalForAll and authorises (then no longer authorises) the operator', async () => {
    const r1 = await c.mined(write('alice').setApprovalForAll(c.addr.carol, true));
    expect(parseEventLogs({ abi, logs: r1.logs, eventName: 'ApprovalForAll' }).map((l) => l.args)).toEqual([
      { account: c.addr.alice, operator: c.addr.carol, approved: true },
    ]);
    expect(
      await c.publicClient.readContract({
        address: token,
        abi,
        functionName: 'isApprovedForAll',
        args: [c.addr.alice, c.addr.carol],
      }),
    ).toBe(true);
    await c.mined(write('carol').transfer(c.addr.alice, c.addr.bob, 1n, 1n));
    await c.mined(write('carol').batchTransfer(c.addr.alice, c.addr.bob, [2n], [2n]));

    const r2 = await c.mined(write('alice').setApprovalForAll(c.addr.carol, false));
    expect(parseEventLogs({ abi, logs: r2.logs, eventName: 'ApprovalForAll' })[0]?.args.approved).toBe(false);
    await expectRevert(
      write('carol').transfer(c.addr.alice, c.addr.bob, 1n, 1n),
      'ERC1155MissingApprovalForAll',
      [c.addr.carol, c.addr.alice],
    );
  });

  it('refuses transfers by an operator without approval or allowance', async () => {
    await expectRevert(
      write('mallory').transfer(c.addr.alice, c.addr.mallory, 1n, 1n),
      'ERC1155MissingApprovalForAll',
      [c.addr.mallory, c.addr.alice],
    );
    await expectRevert(
      write('mallory').batchTransfer(c.addr.alice, c.addr.mallory, [1n], [1n]),
      'ERC1155MissingApprovalForAll',
      [c.addr.mallory, c.addr.alice],
    );
    // Not even a zero-value transfer (it would forge TransferSingle logs for someone else's tokens).
    await expectRevert(
      write('mallory').transfer(c.addr.alice, c.addr.mallory, 1n, 0n),
      'ERC1155MissingApprovalForAll',
      [c.addr.mallory, c.addr.alice],
    );
  });

  it('refuses transfers above the balance', async () => {
    await expectRevert(
      write('alice').transfer(c.addr.alice, c.addr.bob, 1n, 11n),
      'ERC1155InsufficientBalance',
      [c.addr.alice, 10n, 11n, 1n],
    );
    await expectRevert(
      write('alice').batchTransfer(c.addr.alice, c.addr.bob, [1n, 2n], [10n, 21n]),
      'ERC1155InsufficientBalance',
      [c.addr.alice, 20n, 21n, 2n],
    );
    await expectRevert(
      write('bob').transfer(c.addr.bob, c.addr.alice, 1n, 1n),
      'ERC1155InsufficientBalance',
      [c.addr.bob, 0n, 1n, 1n],
    );
  });

  it('refuses the zero address and rejecting contracts as recipients', async () => {
    await expectRevert(write('alice').transfer(c.addr.alice, zeroAddress, 1n, 1n), 'ERC1155InvalidReceiver', [
      zeroAddress,
    ]);
    await expectRevert(
      write('alice').transfer(c.addr.alice, receivers.rejecting, 1n, 1n),
      'ERC1155InvalidReceiver',
      [receivers.rejecting],
    );
    await expectRevert(
      write('alice').batchTransfer(c.addr.alice, receivers.rejecting, [1n], [1n]),
      'ERC1155InvalidReceiver',
      [receivers.rejecting],
    );
    const receipt = await c.mined(write('alice').transfer(c.addr.alice, receivers.accepting, 1n, 1n, '0xab'));
    expect(received(receipt)[0]?.args).toEqual({
      operator: c.addr.alice,
      from: c.addr.alice,
      id: 1n,
      value: 1n,
      data: '0xab',
    });
  });
});

describe('per-id allowances (ERC-5216)', () => {
  beforeEach(async () => {
    await c.mined(write('admin').mintBatch(c.addr.alice, [1n, 2n], [10n, 20n]));
  });

  it('approve sets the allowance and emits Approval(owner, operator, id, amount)', async () => {
    expect(await allowance(c.addr.alice, c.addr.carol, 1n)).toBe(0n);
    const receipt = await c.mined(write('alice').approve(c.addr.carol, 1n, 5n));
    expect(parseEventLogs({ abi, logs: receipt.logs, eventName: 'Approval' }).map((l) => l.args)).toEqual([
      { account: c.addr.alice, operator: c.addr.carol, id: 1n, amount: 5n },
    ]);
    expect(await allowance(c.addr.alice, c.addr.carol, 1n)).toBe(5n);
    expect(await allowance(c.addr.alice, c.addr.carol, 2n)).toBe(0n);
    expect(await allowance(c.addr.alice, c.addr.bob, 1n)).toBe(0n);
    // approve replaces, it does not add
    await c.mined(write('alice').approve(c.addr.carol, 1n, 2n));
    expect(await allowance(c.addr.alice, c.addr.carol, 1n)).toBe(2n);
  });

  it('safeTransferFrom within the allowance succeeds and decreases it', async () => {
    await c.mined(write('alice').approve(c.addr.carol, 1n, 5n));
    const receipt = await c.mined(write('carol').transfer(c.addr.alice, c.addr.bob, 1n, 3n));
    expect(transferSingles(receipt)).toEqual([
      { operator: c.addr.carol, from: c.addr.alice, to: c.addr.bob, id: 1n, value: 3n },
    ]);
    expect(await allowance(c.addr.alice, c.addr.carol, 1n)).toBe(2n);
    expect(await balanceOf(c.addr.bob, 1n)).toBe(3n);

    await expectRevert(
      write('carol').transfer(c.addr.alice, c.addr.bob, 1n, 3n),
      'ERC5216InsufficientAllowance',
      [c.addr.carol, c.addr.alice, 1n, 2n, 3n],
    );
    await c.mined(write('carol').transfer(c.addr.alice, c.addr.bob, 1n, 2n));
    expect(await allowance(c.addr.alice, c.addr.carol, 1n)).toBe(0n);
    await expectRevert(
      write('carol').transfer(c.addr.alice, c.addr.bob, 1n, 1n),
      'ERC1155MissingApprovalForAll',
      [c.addr.carol, c.addr.alice],
    );
  });

  it('an allowance for one id does not authorise another id', async () => {
    await c.mined(write('alice').approve(c.addr.carol, 1n, 5n));
    await expectRevert(
      write('carol').transfer(c.addr.alice, c.addr.bob, 2n, 1n),
      'ERC1155MissingApprovalForAll',
      [c.addr.carol, c.addr.alice],
    );
  });

  it('an allowance above the balance still fails on the balance', async () => {
    await c.mined(write('alice').approve(c.addr.carol, 1n, 100n));
    await expectRevert(
      write('carol').transfer(c.addr.alice, c.addr.bob, 1n, 11n),
      'ERC1155InsufficientBalance',
      [c.addr.alice, 10n, 11n, 1n],
    );
    expect(await allowance(c.addr.alice, c.addr.carol, 1n)).toBe(100n);
  });

  it('safeBatchTransferFrom spends the allowance of every id (cumulatively for a repeated id)', async () => {
    await c.mined(write('alice').approve(c.addr.carol, 1n, 5n));
    await c.mined(write('alice').approve(c.addr.carol, 2n, 7n));
    await c.mined(write('carol').batchTransfer(c.addr.alice, c.addr.bob, [1n, 2n, 1n], [2n, 7n, 1n]));
    expect(await allowance(c.addr.alice, c.addr.carol, 1n)).toBe(2n);
    expect(await allowance(c.addr.alice, c.addr.carol, 2n)).toBe(0n);
    expect(await balanceOf(c.addr.bob, 1n)).toBe(3n);
    expect(await balanceOf(c.addr.bob, 2n)).toBe(7n);

    // Allowance 2 for id 1: the first entry spends 1, the second needs 2 of the remaining 1.
    await expectRevert(
      write('carol').batchTransfer(c.addr.alice, c.addr.bob, [1n, 1n], [1n, 2n]),
      'ERC5216InsufficientAllowance',
      [c.addr.carol, c.addr.alice, 1n, 1n, 2n],
    );
    await expectRevert(
      write('carol').batchTransfer(c.addr.alice, c.addr.bob, [1n, 2n], [1n]),
      'ERC1155InvalidArrayLength',
      [2n, 1n],
    );
    expect(await allowance(c.addr.alice, c.addr.carol, 1n)).toBe(2n);
  });

  it('neither the holder nor an approved-for-all operator consumes the allowance', async () => {
    await c.mined(write('alice').approve(c.addr.carol, 1n, 5n));
    await c.mined(write('alice').setApprovalForAll(c.addr.carol, true));
    await c.mined(write('carol').transfer(c.addr.alice, c.addr.bob, 1n, 4n));
    await c.mined(write('alice').transfer(c.addr.alice, c.addr.bob, 1n, 1n));
    expect(await allowance(c.addr.alice, c.addr.carol, 1n)).toBe(5n);
  });

  it('refuses approving yourself or the zero address', async () => {
    await expectRevert(write('alice').approve(c.addr.alice, 1n, 1n), 'ERC1155InvalidOperator', [
      c.addr.alice,
    ]);
    await expectRevert(write('alice').approve(zeroAddress, 1n, 1n), 'ERC1155InvalidOperator', [zeroAddress]);
  });
});

describe('unapproved batch transfers revert whatever their length (issue 24 item 9)', () => {
  // An operator that is neither the holder nor approved-for-all must never get a TransferBatch logged for someone
  // else's account: not with an empty batch, not with zero values, not on the strength of another id's allowance.
  const refused = (promise: Promise<unknown>) =>
    expectRevert(promise, 'ERC1155MissingApprovalForAll', [c.addr.mallory, c.addr.alice]);

  beforeEach(async () => {
    await c.mined(write('admin').mintBatch(c.addr.alice, [1n, 2n], [10n, 20n]));
  });

  it('refuses an empty batch from an operator with no approval at all', async () => {
    await refused(write('mallory').batchTransfer(c.addr.alice, c.addr.mallory, [], []));
    await refused(write('mallory').batchTransfer(c.addr.alice, c.addr.bob, [], [], '0x1234'));
  });

  it('refuses an empty batch to a contract, so its batch hook is never called', async () => {
    await refused(write('mallory').batchTransfer(c.addr.alice, receivers.accepting, [], [], '0xab'));
  });

  it('refuses an empty batch from an operator holding an allowance (of any id)', async () => {
    await c.mined(write('alice').approve(c.addr.mallory, 1n, 5n));
    await refused(write('mallory').batchTransfer(c.addr.alice, c.addr.mallory, [], []));
    expect(await allowance(c.addr.alice, c.addr.mallory, 1n)).toBe(5n);
  });

  it('refuses an empty ids array with a non-empty values array (no length error leaks first)', async () => {
    await refused(write('mallory').batchTransfer(c.addr.alice, c.addr.mallory, [], [1n]));
  });

  it('refuses zero-value batches and zero-value single transfers', async () => {
    await refused(write('mallory').batchTransfer(c.addr.alice, c.addr.mallory, [1n], [0n]));
    await refused(write('mallory').batchTransfer(c.addr.alice, c.addr.mallory, [1n, 2n], [0n, 0n]));
    await refused(write('mallory').transfer(c.addr.alice, c.addr.mallory, 2n, 0n));
  });

  it("refuses zero and non-zero values on the strength of another id's allowance", async () => {
    await c.mined(write('alice').approve(c.addr.mallory, 1n, 5n));
    await refused(write('mallory').batchTransfer(c.addr.alice, c.addr.mallory, [2n], [0n]));
    await refused(write('mallory').batchTransfer(c.addr.alice, c.addr.mallory, [2n], [1n]));
    await refused(write('mallory').transfer(c.addr.alice, c.addr.mallory, 2n, 0n));
    // The allowed id first, then the other one: the whole batch reverts and the allowance is not spent.
    await refused(write('mallory').batchTransfer(c.addr.alice, c.addr.mallory, [1n, 2n], [1n, 0n]));
    expect(await allowance(c.addr.alice, c.addr.mallory, 1n)).toBe(5n);
    expect(await balanceOf(c.addr.mallory, 1n)).toBe(0n);
  });

  it('refuses every shape once the allowance is spent or set back to zero', async () => {
    await c.mined(write('alice').approve(c.addr.mallory, 1n, 1n));
    await c.mined(write('mallory').batchTransfer(c.addr.alice, c.addr.mallory, [1n], [1n]));
    await refused(write('mallory').batchTransfer(c.addr.alice, c.addr.mallory, [1n], [0n]));
    await refused(write('mallory').batchTransfer(c.addr.alice, c.addr.mallory, [], []));
    await c.mined(write('alice').approve(c.addr.mallory, 2n, 3n));
    await c.mined(write('alice').approve(c.addr.mallory, 2n, 0n));
    await refused(write('mallory').batchTransfer(c.addr.alice, c.addr.mallory, [2n], [0n]));
    await refused(write('mallory').batchTransfer(c.addr.alice, c.addr.mallory, [], []));
  });

  it('refuses once approval-for-all is withdrawn, whatever the batch length', async () => {
    await c.mined(write('alice').setApprovalForAll(c.addr.mallory, true));
    await c.mined(write('mallory').batchTransfer(c.addr.alice, c.addr.mallory, [], []));
    await c.mined(write('alice').setApprovalForAll(c.addr.mallory, false));
    await refused(write('mallory').batchTransfer(c.addr.alice, c.addr.mallory, [], []));
  });

  it('still lets the holder and an approved-for-all operator send an empty batch (as OpenZeppelin does)', async () => {
    const own = await c.mined(write('alice').batchTransfer(c.addr.alice, c.addr.bob, [], []));
    expect(transferBatches(own)).toEqual([
      { operator: c.addr.alice, from: c.addr.alice, to: c.addr.bob, ids: [], values: [] },
    ]);
    await c.mined(write('alice').setApprovalForAll(c.addr.carol, true));
    const approved = await c.mined(write('carol').batchTransfer(c.addr.alice, c.addr.bob, [], []));
    expect(transferBatches(approved)).toEqual([
      { operator: c.addr.carol, from: c.addr.alice, to: c.addr.bob, ids: [], values: [] },
    ]);
  });
});
