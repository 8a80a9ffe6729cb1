import type { IpfsAdapter } from '../../adapters/ipfs/index.ts';
import { TokenContract, type ChainAdapter, type HexAddress } from '../../adapters/chain/index.ts';
import { encodePng } from '../../lib/png.ts';
import type { Logger } from '../../logger.ts';

/** The collection's ERC-7572 metadata: what wallets and marketplaces show for the contract as a whole. */
export interface CollectionMetadata {
  name: string;
  description: string;
  image: string;
  external_link: string;
}

/**
 * The collection's picture: drawn here (a burst of sparks on the night sky, the favicon's motif) rather than read
 * from the web app's files, so a deploy that has no built web app pins the same bytes — and the same CID.
 */
export function collectionPicture(): Buffer {
  const size = 256;
  const centre = size / 2;
  const rays = 12;
  return encodePng(size, size, (x, y) => {
    const dx = x - centre;
    const dy = y - centre;
    const distance = Math.hypot(dx, dy);
    const angle = (Math.atan2(dy, dx) / (2 * Math.PI)) * rays;
    const onRay = Math.abs(angle - Math.round(angle)) < 0.06 && distance > 30 && distance < 110;
    if (distance < 22) return [245, 159, 0, 255];
    if (onRay) return Math.round(angle) % 2 === 0 ? [226, 61, 99, 255] : [255, 138, 61, 255];
    return [20, 16, 48, 255];
  });
}

/**
 * Gives the token its ERC-7572 `contractURI()` once: the collection metadata JSON pinned to IPFS (with its
 * picture) and set on the contract by the signer (it holds the URI-setter role). A contract that already answers
 * a URI is left alone, so every start and every `deploy-token` run may call this.
 */
export async function ensureCollectionMetadata(ports: {
  chain: ChainAdapter;
  address: HexAddress;
  ipfs: IpfsAdapter;
  publicOrigin: string;
  log: Logger;
}): Promise<string> {
  const contract = new TokenContract(ports.chain, ports.address);
  const current = await contract.contractUri();
  if (current !== '') return current;
  const image = await ports.ipfs.add(collectionPicture());
  const metadata: CollectionMetadata = {
    name: 'Hanabi',
    description:
      'Digital goods that live streamers on YouTube Live and TwitCasting give to the viewers who win their prize campaigns. / ライブ配信者が YouTube Live と TwitCasting のプレゼント企画で当選した視聴者に贈るデジタルグッズ。',
    image: `ipfs://${image.cid}`,
    external_link: ports.publicOrigin,
  };
  const pinned = await ports.ipfs.add(new TextEncoder().encode(JSON.stringify(metadata)));
  const uri = `ipfs://${pinned.cid}`;
  const receipt = await contract.setContractUri(uri);
  if (receipt.status !== 'success') throw new Error(`setContractURI reverted in ${receipt.txHash}`);
  // Only once a crash cannot take the block back (the embedded chain saves its state; decision 0171).
  await ports.chain.durable(receipt.blockNumber);
  ports.log.info({ contractUri: uri, address: ports.address }, 'token collection metadata set');
  return uri;
}
