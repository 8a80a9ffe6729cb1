import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { entityId, multilineText, text } from '../string-primitives.ts';
import { ACCOUNT_LIMITS, AUTH_PROVIDERS, LOCALES, OAUTH_PROVIDERS, USER_TYPES } from '../constants.ts';

export const UserTypeSchema = z.enum(USER_TYPES);
export const UserRole = z.enum(['user', 'operator']);
export const LocaleSchema = z.enum(LOCALES);
export const AuthProviderSchema = z.enum(AUTH_PROVIDERS);
export const OAuthProviderSchema = z.enum(OAUTH_PROVIDERS);

/** A path on this site (`/signup/streamer/finishSignUp`): where the server may send the browser back to. */
export const SitePath = text()
  .max(2048)
  .regex(/^\/(?![/\\])[^\s]*$/, 'must be a path on this site, starting with a single "/"');

/** An EVM address as typed: 0x and 40 hex digits. The server checks a mixed-case checksum and stores EIP-55. */
export const WalletAddress = text().regex(
  /^0x[0-9a-fA-F]{40}$/,
  'must be 0x followed by 40 hexadecimal digits',
);

/** An avatar picture: an https URL or a path on this site. */
export const AvatarUrl = text()
  .max(ACCOUNT_LIMITS.avatarUrlMax)
  .refine(
    (value) => {
      if (/^\/(?![/\\])\S*$/.test(value)) return true;
      try {
        return new URL(value).protocol === 'https:';
      } catch {
        return false;
      }
    },
    { message: 'must be an https URL or a path on this site' },
  );

/** The user summary the original embeds in campaigns and lists. */
export const UserSummary = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string(),
  youtubeChannelId: z.string().nullable(),
  youtubeTitle: z.string().nullable(),
  youtubeThumbnailUrl: z.string().nullable(),
  twitcastingScreenId: z.string().nullable(),
  twitcastingName: z.string().nullable(),
  twitcastingImageUrl: z.string().nullable(),
});
export type UserSummary = z.infer<typeof UserSummary>;

/** One way this person can sign in, and since when. */
export const SignInMethod = z.object({ provider: AuthProviderSchema, linkedAt: z.string() });
export type SignInMethod = z.infer<typeof SignInMethod>;

/** The signed-in person's own account, as cached by the web client. */
export const Account = UserSummary.extend({
  type: UserTypeSchema,
  role: UserRole,
  /** The sign-in e-mail; null when the identity has none (X without a confirmed address). */
  email: z.string().nullable(),
  bio: z.string(),
  walletAddress: z.string().nullable(),
  twitcastingUserId: z.string().nullable(),
  locale: LocaleSchema,
  /** Whether anyone may see this person's collection (`GET /api/collection/{id}`); otherwise only they do. */
  collectionPublic: z.boolean(),
  /** Whether news of a prize also comes by e-mail (in `locale`); on unless turned off. */
  emailNotices: z.boolean(),
  /** Linked sign-in methods, oldest first. Never empty. */
  signInMethods: z.array(SignInMethod),
  createdAt: z.string(),
});
export type Account = z.infer<typeof Account>;

/** One token id the wallet holds on chain, or that Hanabi recorded moving to or from it. */
export const WalletHolding = z.object({
  tokenId: z.string(),
  /** Read from chain (balanceOfBatch); null when the chain could not be read. */
  balance: z.string().nullable(),
  /** Net of what Hanabi's confirmed writes moved to/from the wallet: deliveries, mints and transfers in, minus
   * transfers out and burns. Differs from `balance` when someone moved tokens outside Hanabi. */
  recorded: z.string(),
  /** `uri(tokenId)` as Hanabi last set it; null when none. */
  uri: z.string().nullable(),
});
export type WalletHolding = z.infer<typeof WalletHolding>;

export const AccountEth = z.object({
  walletAddress: z.string().nullable(),
  chainId: z.number().int(),
  /** The prize token contract; null until it is deployed. */
  contractAddress: z.string().nullable(),
  /** Token ids Hanabi knows that the wallet holds or received (zero on both sides: left out). */
  holdings: z.array(WalletHolding),
  /** False when the chain could not be read: `balance` is then null and only `recorded` is known. */
  chainReachable: z.boolean(),
});
export type AccountEth = z.infer<typeof AccountEth>;

export const AccountIdParams = z.object({ id: entityId() });

/**
 * Proof of control of a wallet address (decision 0063): the Sign-In with Ethereum (EIP-4361) message that
 * `POST /api/account/:id/walletChallenge` issued, signed by that address (EIP-191 `personal_sign`).
 */
export const WalletProof = z.object({
  message: multilineText().min(1).max(4000),
  signature: text()
    .regex(/^0x[0-9a-fA-F]+$/, 'must be 0x and hexadecimal digits')
    .max(2000),
});
export type WalletProof = z.infer<typeof WalletProof>;

export const WalletChallengeBody = z.object({ address: WalletAddress });
export type WalletChallengeBody = z.infer<typeof WalletChallengeBody>;

/** A message to sign for one address: single use, valid until `expiresAt`. */
export const WalletChallenge = z.object({ message: z.string(), expiresAt: z.string() });
export type WalletChallenge = z.infer<typeof WalletChallenge>;

export const WalletUndoBody = z.object({ token: text().min(16).max(200) });
export type WalletUndoBody = z.infer<typeof WalletUndoBody>;
/** The address prizes go to again after an undo (null: none, as before a first address). */
export const WalletUndoResult = z.object({ walletAddress: z.string().nullable() });
export type WalletUndoResult = z.infer<typeof WalletUndoResult>;

export const UpdateAccountBody = z
  .object({
    name: text().trim().min(1).max(ACCOUNT_LIMITS.nameMax),
    bio: multilineText().max(ACCOUNT_LIMITS.bioMax),
    avatarUrl: AvatarUrl,
    locale: LocaleSchema,
    /**
     * null clears the address. Setting one needs `walletProof` for it; replacing or clearing one needs a recent
     * sign-in (403 RECENT_SIGN_IN_REQUIRED otherwise).
     */
    walletAddress: WalletAddress.nullable(),
    walletProof: WalletProof,
    collectionPublic: z.boolean(),
    emailNotices: z.boolean(),
  })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'give at least one of name, bio, avatarUrl, locale, walletAddress',
  });
export type UpdateAccountBody = z.infer<typeof UpdateAccountBody>;

/**
 * Link or unlink a sign-in method (the original's `firebaselink`).
 * - unlink google | twitter | email → the Account (never the last method: 422).
 * - link google | twitter → `{ redirectUrl }`: send the browser there (the provider's consent page); it comes
 *   back to `callbackURL` (default `/{type}/account`) with the method linked, or with `?error=…`.
 * - link email → the Account: turns e-mail-link sign-in on for the account's own, provider-verified address
 *   (422 when the account has no verified address, e.g. X without a confirmed e-mail).
 */
export const AccountLinkBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('unlink'), provider: AuthProviderSchema }),
  z.object({ action: z.literal('link'), provider: AuthProviderSchema, callbackURL: SitePath.optional() }),
]);
export type AccountLinkBody = z.infer<typeof AccountLinkBody>;

export const AccountLinkRedirect = z.object({ redirectUrl: z.string() });
export const AccountLinkResponse = z.union([Account, AccountLinkRedirect]);
export type AccountLinkResponse = z.infer<typeof AccountLinkResponse>;

export const accountRoutes = {
  myAccountBase: defineRoute({
    method: 'GET',
    path: '/api/myAccountBase',
    access: 'signedIn',
    summary: 'The signed-in user’s account (401 signed out; 404 "not yet register" mid sign-up)',
    response: Account,
  }),
  myAccountEth: defineRoute({
    method: 'GET',
    path: '/api/myAccountEth',
    access: 'signedIn',
    summary:
      'Wallet address, chain id, prize contract and token holdings (on chain and recorded) of the signed-in user',
    response: AccountEth,
  }),
  adminAccount: defineRoute({
    method: 'GET',
    path: '/api/admin/account',
    access: 'operator',
    summary: 'The signed-in operator’s account',
    response: Account,
  }),
  updateAccount: defineRoute({
    method: 'PUT',
    path: '/api/account/:id',
    access: 'signedIn',
    summary: 'Update your own account (403 for another id)',
    params: AccountIdParams,
    body: UpdateAccountBody,
    response: Account,
  }),
  walletChallenge: defineRoute({
    method: 'POST',
    path: '/api/account/:id/walletChallenge',
    access: 'signedIn',
    summary:
      'A Sign-In with Ethereum message for one address of your own account, to sign and send with walletAddress',
    params: AccountIdParams,
    body: WalletChallengeBody,
    response: WalletChallenge,
  }),
  walletUndo: defineRoute({
    method: 'POST',
    path: '/api/wallet/undo',
    access: 'public',
    summary:
      'Undo a wallet address change with the link from its notice e-mail (single use); signs the account out everywhere',
    body: WalletUndoBody,
    response: WalletUndoResult,
  }),
  updateAccountLink: defineRoute({
    method: 'PUT',
    path: '/api/account/:id/firebaselink',
    access: 'signedIn',
    summary: 'Link or unlink a sign-in method of your own account',
    params: AccountIdParams,
    body: AccountLinkBody,
    response: AccountLinkResponse,
  }),
};
