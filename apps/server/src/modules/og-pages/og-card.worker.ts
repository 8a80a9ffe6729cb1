import { parentPort } from 'node:worker_threads';
import { fitPicture, OgImageRenderer, type OgCard } from './og-image.ts';

/**
 * The card worker (decision 0211): a thread of its own, with a heap ceiling, that lays out and rasterises share
 * cards one at a time, so a slow or heavy card never holds up the server's requests. Started by
 * `OgCardRenderer` (from source through tsx, or as `dist/og-card.worker.js` in the built server).
 */
export interface CardRequest {
  id: number;
  card: OgCard;
  /** The stored picture's bytes, as read from the file storage. */
  picture: Uint8Array | null;
}

export type CardAnswer =
  { id: number; png: Uint8Array; pictureLeftOut: boolean } | { id: number; error: string };

const renderer = new OgImageRenderer();
const port = parentPort!;

port.on('message', (request: CardRequest) => {
  void (async (): Promise<CardAnswer> => {
    try {
      const picture = request.picture && fitPicture(request.picture);
      // A copy of its own, so its whole buffer can be handed over rather than copied again.
      const png = new Uint8Array(await renderer.render(request.card, picture));
      return { id: request.id, png, pictureLeftOut: request.picture !== null && picture === null };
    } catch (error) {
      return { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
  })().then((answer) => port.postMessage(answer, 'png' in answer ? [answer.png.buffer as ArrayBuffer] : []));
});
