import type { PublicDraw } from '@hanabi/api';

/**
 * The colour of a draw's status badge, for the page and its server-drawn first paint alike (Mantine colour and
 * shade). A revealed draw is green only when the server's own beacon check found drand: a practice draw (the
 * embedded chain's block hash) is yellow, never green (decision 0199).
 */
export function drawStatusTone(draw: Pick<PublicDraw, 'status' | 'beaconVerdict' | 'withheld'>): {
  color: 'teal' | 'yellow' | 'red' | 'gray';
  shade: 7 | 9;
  /** The label's colour: black on yellow, which white text would not meet WCAG AA contrast on. */
  text: 'white' | 'black';
} {
  if (draw.status === 'failed' || draw.withheld) return { color: 'red', shade: 9, text: 'white' };
  if (draw.status !== 'revealed') return { color: 'gray', shade: 7, text: 'white' };
  const beacon = draw.beaconVerdict?.status;
  if (beacon === 'verified') return { color: 'teal', shade: 9, text: 'white' };
  return beacon === 'failed'
    ? { color: 'red', shade: 9, text: 'white' }
    : { color: 'yellow', shade: 9, text: 'black' };
}
