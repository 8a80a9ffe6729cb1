import type { ChainAdapter } from '../../adapters/chain/index.ts';
import type { Db } from '../../db/client.ts';
import type { Lazy } from '../../lib/lazy.ts';
import { signerSampleJob } from './signer-funds.jobs.ts';
import { SignerFundsRepository } from './signer-funds.repository.ts';
import { SignerFundsService } from './signer-funds.service.ts';

/** The signer's balance trend: its samples, the report and the worker's sampling job. */
export function wireSignerFunds(ports: { db: Db; chain: Lazy<ChainAdapter>; now?: () => Date }) {
  const signerFunds = new SignerFundsService(new SignerFundsRepository(ports.db), ports.chain, ports.now);
  return { services: { signerFunds }, jobs: [signerSampleJob(signerFunds)] };
}
