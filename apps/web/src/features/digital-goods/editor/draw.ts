import { familyOf } from './editor-fonts';
import type { FontId } from './editor-fonts';

export const CANVAS_SIZE = 1000;

export interface TextLayer {
  id: string;
  text: string;
  font: FontId;
  /** Pixels on the 1000 × 1000 canvas. */
  size: number;
  color: string;
  /** Centre of the text on the canvas. */
  x: number;
  y: number;
}

export function cssFont(layer: Pick<TextLayer, 'font' | 'size'>): string {
  return `${layer.size}px "${familyOf(layer.font)}"`;
}

/** Waits until every layer's font is loaded for its text (canvas would silently fall back otherwise). */
export async function loadFonts(layers: readonly TextLayer[]): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document)) return;
  await Promise.all(
    layers.map((layer) => document.fonts.load(cssFont(layer), layer.text || 'a').catch(() => [])),
  );
}

/** Draws the base picture (cover-fitted) and the text layers. */
export function drawComposition(
  context: CanvasRenderingContext2D,
  base: CanvasImageSource | null,
  baseSize: { width: number; height: number } | null,
  layers: readonly TextLayer[],
  selectedId?: string | null,
): void {
  context.clearRect(0, 0, CANVAS_SIZE, CANVAS_SIZE);
  context.fillStyle = '#fff7ed';
  context.fillRect(0, 0, CANVAS_SIZE, CANVAS_SIZE);
  if (base && baseSize && baseSize.width > 0 && baseSize.height > 0) {
    const scale = Math.max(CANVAS_SIZE / baseSize.width, CANVAS_SIZE / baseSize.height);
    const width = baseSize.width * scale;
    const height = baseSize.height * scale;
    context.drawImage(base, (CANVAS_SIZE - width) / 2, (CANVAS_SIZE - height) / 2, width, height);
  }
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  for (const layer of layers) {
    context.font = cssFont(layer);
    context.fillStyle = layer.color;
    context.fillText(layer.text, layer.x, layer.y);
    if (layer.id === selectedId) {
      const box = layerBox(context, layer);
      context.save();
      context.strokeStyle = '#f97316';
      context.setLineDash([8, 6]);
      context.lineWidth = 3;
      context.strokeRect(box.x, box.y, box.width, box.height);
      context.restore();
    }
  }
}

export function layerBox(context: CanvasRenderingContext2D, layer: TextLayer) {
  context.font = cssFont(layer);
  const width = Math.max(context.measureText(layer.text).width, 20);
  const height = layer.size * 1.2;
  return { x: layer.x - width / 2 - 6, y: layer.y - height / 2 - 4, width: width + 12, height: height + 8 };
}

/** The top-most layer under a canvas point. */
export function hitLayer(
  context: CanvasRenderingContext2D,
  layers: readonly TextLayer[],
  x: number,
  y: number,
): TextLayer | undefined {
  for (let index = layers.length - 1; index >= 0; index -= 1) {
    const layer = layers[index]!;
    const box = layerBox(context, layer);
    if (x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height) return layer;
  }
  return undefined;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
