import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountEth, Collection, CollectionItemPage, TokenListResponse } from '@hanabi/api';
import { DevWallet } from '../../adapters/chain/dev-wallet.ts';
import type { HexAddress } from '../../adapters/chain/token-contract.ts';
import { bearerHeaders, callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { testBackends } from '../../test/test-context.ts';
import { openDeliveryWorld, type DeliveryWorld } from '../../test/delivery.fixture.ts';

/**
 * Counts from one source (decision 0096): after a prize is delivered on a real anvil, the wallet's chain balance
 * and "Hanabi record", the collection's confirmed prize, the operator's supply and the token's holders agree.
 */
describe.each(testBackends())(
  'one record of balances, supply and holders on %s (a real anvil)',
  (backend) => {
    let world: DeliveryWorld;
    let fan: SignedIn & { userId: string };
    let friend: SignedIn & { userId: string };
    let operator: Record<string, string>;
    let tokenId: string;

    beforeAll(async () => {
      world = await openDeliveryWorld(backend, { env: { HANABI_OPERATOR_EMAILS: 'boss@example.com' } });
      operator = bearerHeaders(
        (await signUpByEmail(world.ctx, 'boss@example.com', 'streamer', 'Boss')).token,
      );
      fan = await signUpByEmail(world.ctx, 'fan@example.com', 'audience', 'Fan');
      friend = await signUpByEmail(world.ctx, 'friend@example.com', 'audience', 'Friend');
      // Anvil dev accounts #1 and #2 as the two viewers' wallets (the wallet proof is tested in the account module).
      for (const [person, index] of [
        [fan, 1],
        [friend, 2],
      ] as const) {
        const wallet = new DevWallet(world.chain, world.tokenAddress, index);
        await world.ctx.container.repositories.accounts.update(person.userId, {
          walletAddress: wallet.address,
        });
      }
      tokenId = world.goods.tokenId.toString();
      // Publishing makes the goods' id known (its job does not run here).
      await world.ctx.container.services.tokens.registerToken(world.goods.tokenId);
    });
    afterAll(async () => {
      await world?.close();
    });

    async function walletOf(person: { userId: string }): Promise<HexAddress> {
      const user = await world.ctx.container.repositories.accounts.findById(person.userId);
      return user!.walletAddress as HexAddress;
    }

    async function views(person: SignedIn & { userId: string }) {
      const eth = AccountEth.parse((await callAs(world.ctx.app, person, 'GET', '/api/myAccountEth')).json());
      const collection = Collection.parse(
        (await callAs(world.ctx.app, person, 'GET', `/api/collection/${person.userId}`)).json(),
      );
      const item = CollectionItemPage.parse(
        (await callAs(world.ctx.app, null, 'GET', `/api/collection/item/${world.goods.id}`)).json(),
      );
      const tokens = TokenListResponse.parse(
        (await world.ctx.app.inject({ method: 'GET', url: '/api/admin/token', headers: operator })).json(),
      );
      const token = tokens.list.find((row) => row.tokenId === tokenId)!;
      return {
        holding: eth.holdings.find((row) => row.tokenId === tokenId),
        received: collection.items
          .filter((row) => row.goods.id === world.goods.id && row.state === 'delivered')
          .reduce((sum, row) => sum + Number(row.amount), 0),
        collectionBalance: collection.balances.find((row) => row.tokenId === tokenId)?.balance,
        supply: BigInt(token.minted) - BigInt(token.burned),
        holders: item.holderCount,
      };
    }

    it('a delivered prize reads chain 1 / Hanabi 1 everywhere: supply = minted, holders = distinct wallets', async () => {
      const sent = await world.distribute([{ recipient: await walletOf(fan) }]);
      expect(sent.statusCode, sent.body).toBe(201);
      await world.engine().runUntilIdle();
      expect(await world.balances([await walletOf(fan)])).toEqual([1n]);

      expect(await views(fan)).toEqual({
        holding: expect.objectContaining({ balance: '1', recorded: '1' }),
        received: 1,
        collectionBalance: '1',
        supply: 1n,
        holders: 1,
      });
    });

    it('a second prize to the same wallet and one to another: two holders, supply 3, each record matches its chain', async () => {
      const sent = await world.distribute([
        { recipient: await walletOf(fan) },
        { recipient: await walletOf(friend) },
      ]);
      expect(sent.statusCode, sent.body).toBe(201);
      await world.engine().runUntilIdle();

      const fanViews = await views(fan);
      expect(fanViews).toEqual({
        holding: expect.objectContaining({ balance: '2', recorded: '2' }),
        received: 2,
        collectionBalance: '2',
        supply: 3n,
        holders: 2,
      });
      expect((await views(friend)).holding).toMatchObject({ balance: '1', recorded: '1' });
      const [fanChain, friendChain] = await world.balances([await walletOf(fan), await walletOf(friend)]);
      expect(fanChain! + friendChain!).toBe(fanViews.supply);
    });

    it('a copy moved outside Hanabi is the one real difference: chain 0, Hanabi 1 for the wallet that gave it away', async () => {
      // The friend gives their copy away outside Hanabi: the chain moves, Hanabi's record does not ("Differs").
      const friendWallet = new DevWallet(world.chain, world.tokenAddress, 2);
      await friendWallet.transfer(await walletOf(fan), world.goods.tokenId, 1n);
      const friendViews = await views(friend);
      expect(friendViews.holding).toMatchObject({ balance: '0', recorded: '1' });
      expect(friendViews.holders).toBe(2);
    });
  },
);
