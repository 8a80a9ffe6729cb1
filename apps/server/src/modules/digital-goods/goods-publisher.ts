import type { DigitalGoodsRow } from './digital-goods.repository.ts';

/**
 * The seam between publishing goods (this module: status, token id) and putting them on chain (the chain work:
 * pin the image and the ERC-1155 metadata to IPFS, set the token URI, then record the CIDs with
 * `DigitalGoodsRepository.recordChainData`). The container wires the implementation.
 */
export interface GoodsPublisher {
  /**
   * Called once, right after goods became published with their token id. A failure is logged and does not undo
   * publishing; the implementation retries on its own (e.g. a job) until the chain data is recorded.
   */
  published(goods: DigitalGoodsRow): Promise<void>;
}

/** Until the chain work plugs in: published goods keep null CIDs and token URI. */
export const pendingGoodsPublisher: GoodsPublisher = {
  async published() {},
};
