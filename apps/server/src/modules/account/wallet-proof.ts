import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { WalletChallenge, WalletProof } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { walletChallenge } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  signedBy,
  walletMessage,
  walletMessageNonce,
  walletMessageNonceIfValid,
} from '../../adapters/chain/index.ts';

/** Where the proof is for: the site (EIP-4361 `domain` and `uri`) and the chain prizes are sent on. */
export interface WalletProofSite {
  publicOrigin: string;
  chainId: number;
  challengeTtlMs: number;
}

const invalid = (message: string) => new AppError('WALLET_PROOF_INVALID', message);

/**
 * Proof that the caller controls a wallet address (decision 0063): the server issues a Sign-In with Ethereum
 * (EIP-4361) message naming this site, the chain, the account and a fresh nonce; the wallet signs it
 * (`personal_sign`); the chain adapter parses and validates the message and recovers the signer. A nonce is
 * accepted once.
 */
export class WalletProofs {
  constructor(
    private readonly db: Db,
    private readonly site: WalletProofSite,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async issue(userId: string, address: string): Promise<WalletChallenge> {
    const issuedAt = this.now();
    const expiresAt = new Date(issuedAt.getTime() + this.site.challengeTtlMs);
    const nonce = walletMessageNonce();
    const origin = new URL(this.site.publicOrigin);
    const message = walletMessage({
      domain: origin.host,
      address,
      statement: `Receive Hanabi prizes at this address (account ${userId}).`,
      uri: origin.origin,
      chainId: this.site.chainId,
      nonce,
      issuedAt,
      expirationTime: expiresAt,
    });
    // Expired challenges of this person go as a new one is made, so the table stays small without a job.
    await this.db
      .delete(walletChallenge)
      .where(and(eq(walletChallenge.userId, userId), lt(walletChallenge.expiresAt, issuedAt)));
    await this.db.insert(walletChallenge).values({ nonce, userId, address, expiresAt });
    return { message, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Accepts a proof for `address` by `userId` or throws WALLET_PROOF_INVALID. The nonce is spent by the one
   * UPDATE that finds it unused and unexpired, so a proof works once even when sent twice at the same time.
   */
  async verify(userId: string, address: string, proof: WalletProof | undefined): Promise<void> {
    if (!proof) throw invalid('Sign the message from your wallet to prove this address is yours.');
    const origin = new URL(this.site.publicOrigin);
    const now = this.now();
    const nonce = walletMessageNonceIfValid(proof.message, {
      address,
      domain: origin.host,
      uri: origin.origin,
      chainId: this.site.chainId,
      time: now,
    });
    if (!nonce) {
      throw invalid('The signed message is not the one issued for this address on this site.');
    }
    const [spent] = await this.db
      .update(walletChallenge)
      .set({ usedAt: now })
      .where(
        and(
          eq(walletChallenge.nonce, nonce),
          eq(walletChallenge.userId, userId),
          isNull(walletChallenge.usedAt),
          gt(walletChallenge.expiresAt, now),
          eq(walletChallenge.address, address),
        ),
      )
      .returning();
    if (!spent) throw invalid('This signed message was already used or has expired: sign a new one.');
    const valid = await signedBy(address, proof.message, proof.signature);
    if (!valid) throw invalid('The signature is not from this address.');
  }
}
