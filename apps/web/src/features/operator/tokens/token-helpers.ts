/** Pure helpers of the operator's token tools (validation, error reading, amounts). */

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const DIGITS = /^\d{1,78}$/;
const UINT256_MAX = (1n << 256n) - 1n;

/** An EVM address as typed: 0x and 40 hexadecimal digits (the server checks a mixed-case checksum). */
export function isEthAddress(value: string): boolean {
  return ADDRESS.test(value.trim());
}

/** A uint256 written in decimal digits (token ids, amounts), at least `minimum`. */
export function isUintString(value: string, minimum: 0 | 1 = 0): boolean {
  const text = value.trim();
  if (!DIGITS.test(text)) return false;
  const number = BigInt(text);
  return number <= UINT256_MAX && number >= BigInt(minimum);
}

/** A URI the contract accepts as a token URI: `ipfs://…` or `https://…`. */
export function isTokenUri(value: string): boolean {
  return /^(ipfs:\/\/[A-Za-z0-9]+(\/\S*)?|https:\/\/\S+)$/.test(value.trim()) && value.trim().length <= 2048;
}

/**
 * The form field a server validation detail is about: `body.token.to` → `to`, `query.operator` → `operator`,
 * `params.id` → `id`.
 */
export function formFieldOf(detailField: string): string {
  return detailField.replace(/^(body\.token\.|body\.metadata\.|body\.|query\.|params\.)/, '');
}

/** A contract refusal as the server words it: `burn reverted: ERC1155InsufficientBalance(0xabc, 0, 5, 1)`. */
export interface RevertReason {
  /** The write that was refused (mint, burn, transfer, approve, setURI…). */
  action: string;
  /** The custom error's name, e.g. `ERC1155InsufficientBalance`. */
  name: string;
  /** Its arguments as written. */
  args: string[];
}

/** Reads the action, custom error and arguments out of a 422 message; null when it is not a revert. */
export function parseRevertReason(message: string): RevertReason | null {
  const match = /^(\S+) reverted: ([A-Za-z_][A-Za-z0-9_]*)(?:\((.*)\))?\s*$/s.exec(message.trim());
  if (!match) return null;
  const rawArgs = match[3]?.trim() ?? '';
  return {
    action: match[1]!,
    name: match[2]!,
    args: rawArgs === '' ? [] : rawArgs.split(',').map((arg) => arg.trim()),
  };
}

/** Custom errors the HanabiToken contract raises that the page explains in words (i18n `operatorTokens.revert.*`). */
export const EXPLAINED_REVERTS = [
  'ERC1155InsufficientBalance',
  'ERC1155MissingApprovalForAll',
  'ERC5216InsufficientAllowance',
  'ERC1155InvalidReceiver',
  'AccessControlUnauthorizedAccount',
] as const;
export type ExplainedRevert = (typeof EXPLAINED_REVERTS)[number];

/** The explanation key and its values for a revert the page knows, else null. */
export function explainRevert(
  reason: RevertReason,
): { key: ExplainedRevert; values: Record<string, string> } | null {
  const [a = '', b = '', c = '', d = '', e = ''] = reason.args;
  switch (reason.name) {
    case 'ERC1155InsufficientBalance':
      return { key: reason.name, values: { sender: a, balance: b, needed: c, tokenId: d } };
    case 'ERC1155MissingApprovalForAll':
      return { key: reason.name, values: { operator: a, owner: b } };
    case 'ERC5216InsufficientAllowance':
      return { key: reason.name, values: { operator: a, owner: b, tokenId: c, allowance: d, needed: e } };
    case 'ERC1155InvalidReceiver':
      return { key: reason.name, values: { receiver: a } };
    case 'AccessControlUnauthorizedAccount':
      return { key: reason.name, values: { account: a, role: b } };
    default:
      return null;
  }
}

/** A uint256 in decimal digits with thousands separators for the reader's language (exact beyond 2^53). */
export function formatUint(value: string | null | undefined, locale: string): string {
  if (value === null || value === undefined) return '—';
  if (!/^\d+$/.test(value)) return value;
  return BigInt(value).toLocaleString(locale === 'en' ? 'en' : 'ja');
}

/** minted − burned as Hanabi recorded them (never negative). */
export function supplyOf(minted: string, burned: string): string {
  const supply = BigInt(minted) - BigInt(burned);
  return (supply < 0n ? 0n : supply).toString();
}

/** Human file size: 1.2 MB / 340 KB / 12 B. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
