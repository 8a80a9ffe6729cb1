import { i18n } from '../../../lib/i18n';
import { isEthAddress, isTokenUri, isUintString } from './token-helpers';

/** Mantine form validators of the token tools (messages in the reader's language). */
export const rules = {
  address: (value: string) => (isEthAddress(value) ? null : i18n.t('operatorTokens.validation.address')),
  optionalAddress: (value: string) =>
    value.trim() === '' || isEthAddress(value) ? null : i18n.t('operatorTokens.validation.address'),
  tokenId: (value: string) => (isUintString(value) ? null : i18n.t('operatorTokens.validation.tokenId')),
  amount: (value: string) => (isUintString(value, 1) ? null : i18n.t('operatorTokens.validation.amount')),
  allowance: (value: string) =>
    isUintString(value, 0) ? null : i18n.t('operatorTokens.validation.allowance'),
  optionalUri: (value: string) =>
    value.trim() === '' || isTokenUri(value) ? null : i18n.t('operatorTokens.validation.uri'),
  uri: (value: string) => (isTokenUri(value) ? null : i18n.t('operatorTokens.validation.uri')),
};

/** Form values as typed, minus surrounding spaces (pasted addresses and ids often carry them). */
export function trimValues<T extends { [K in keyof T]: string }>(values: T): T {
  return Object.fromEntries(Object.entries<string>(values).map(([key, value]) => [key, value.trim()])) as T;
}
