/** Business constants of the original specification (section 9) and DESIGN decisions. */

export const SUCCESS_TOAST_MS = 3000;

export const UPLOAD = {
  /** Files larger than this use the resumable (tus) protocol. */
  resumableThresholdBytes: 262_144,
  chunkSizeStartBytes: 262_144,
  chunkSizeMaxBytes: 33_554_432,
  maxOperationRetryMs: 120_000,
  maxUploadRetryMs: 600_000,
  maxListPageSize: 1000,
} as const;

export const ERROR_REPORTING = { maxBufferedEvents: 30, maxMessageLength: 250, maxBreadcrumbs: 100 } as const;

export const WALLET = {
  mnemonicEntropyBytes: 16,
  indexedDbName: 'hanabi',
  indexedDbStore: 'wallet',
  pbkdf2Iterations: 600_000,
} as const;

/** Network ids of the original (1, 3, 4) plus current ones; any other id prompts a network change. */
export const KNOWN_NETWORKS: Record<number, string> = {
  1: 'mainnet',
  3: 'ropsten',
  4: 'rinkeby',
  11155111: 'sepolia',
  137: 'polygon',
  31337: 'local',
};

export const USER_TYPES = ['streamer', 'audience'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const NOTIFICATION_TYPES = [
  'prizeReceived',
  'prizeCompleted',
  'manualDistributionCompleted',
  'watchlistRegistered',
  'watchlistIncreased',
  'tokenLikeAdded',
  'campaignLikeAdded',
  'accountUpdated',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_GROUPS: Record<UserType, readonly NotificationType[]> = {
  streamer: [
    'prizeCompleted',
    'accountUpdated',
    'watchlistIncreased',
    'manualDistributionCompleted',
    'campaignLikeAdded',
  ],
  audience: ['prizeReceived', 'accountUpdated', 'watchlistRegistered', 'tokenLikeAdded'],
};

export const SIGNIN_ERROR_NOT_REGISTERED = 'not yet register';
export const SIGNIN_ERROR_INVALID_USER_TYPE = 'invalid user type';
export const DEFAULT_AVATAR_URL = '/assets/images/avatar.svg';
