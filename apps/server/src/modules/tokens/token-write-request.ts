import { z } from 'zod';
import type { HexAddress } from '../../adapters/chain/index.ts';

const Address = z.string().regex(/^0x[0-9a-fA-F]{40}$/) as unknown as z.ZodType<HexAddress>;
const Integer = z.string().regex(/^\d+$/);

/** An operator's token write as a job carries it: the same inputs as the service's methods, bigints as text. */
export const TokenWriteRequest = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('mint'),
    to: Address,
    tokenId: Integer,
    amount: Integer,
    uri: z.string().optional(),
  }),
  z.object({ kind: z.literal('burn'), tokenId: Integer, amount: Integer, from: Address.optional() }),
  z.object({
    kind: z.literal('transfer'),
    tokenId: Integer,
    sender: Address,
    receiver: Address,
    value: Integer,
  }),
  z.object({ kind: z.literal('approve'), tokenId: Integer, receiver: Address, value: Integer }),
  z.object({ kind: z.literal('set_uri'), tokenId: Integer, uri: z.string() }),
]);
export type TokenWriteRequest = z.infer<typeof TokenWriteRequest>;
