import { fail, ok, skip, type DoctorCheckDefinition, type DoctorPorts } from '../doctor.types.ts';

/**
 * Always the same few bytes, so every run adds the same block: one tiny pinned file ever, however often the doctor
 * runs (Hanabi never unpins what it adds).
 */
export const IPFS_PROBE = new TextEncoder().encode('hanabi doctor probe v1\n');

/** Kubo: add the probe (pinned), read it back, and find it pinned. */
export function ipfsCheck(ports: DoctorPorts): DoctorCheckDefinition {
  return {
    id: 'ipfs',
    required: true,
    async run() {
      const settings = ports.config.ipfs;
      if (settings.kind === 'embedded')
        return skip(`embedded block store in ${settings.dir} (production: IPFS_RPC_URL)`);
      const fix =
        'Check IPFS_RPC_URL points at the Kubo RPC API (port 5001) and that it is reachable from here';
      try {
        const ipfs = await ports.ipfs();
        const { cid } = await ipfs.add(IPFS_PROBE);
        const chunks: Uint8Array[] = [];
        for await (const chunk of ipfs.cat(cid)) chunks.push(chunk);
        // The gateway's base only: a CID in a URL reads as an opaque key to the report's redaction.
        const details = [`probe ${cid}`, `gateway ${settings.gatewayUrl}/ipfs/`];
        if (!Buffer.concat(chunks).equals(Buffer.from(IPFS_PROBE))) {
          return fail('the file read back differs from the one added', fix, details);
        }
        if (!(await ipfs.isPinned(cid))) {
          return fail(
            'the probe was added but is not pinned: the node may collect it',
            'Check Kubo pins on add',
            details,
          );
        }
        return ok('added, read back and pinned a probe file', details);
      } catch (error) {
        return fail(`Kubo does not answer: ${(error as Error).message}`, fix);
      }
    },
  };
}
