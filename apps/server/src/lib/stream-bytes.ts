/** Reads a whole stream into memory (small files only: pictures for an OG card, test fixtures). */
export async function streamToBuffer(
  stream: NodeJS.ReadableStream | AsyncIterable<unknown>,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<unknown>) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}
