import {
  ActionIcon,
  Box,
  Button,
  Card,
  ColorInput,
  FileButton,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPhoto, IconPlus, IconTrash, IconTypography, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CANVAS_SIZE, clamp, drawComposition, hitLayer, loadFonts } from './draw';
import type { TextLayer } from './draw';
import { FONTS } from './editor-fonts';
import type { FontId } from './editor-fonts';

interface ImageEditorProps {
  /** Receives the composed PNG; resolves once it is stored. */
  onExport: (file: File) => Promise<void>;
  onDirtyChange?: (dirty: boolean) => void;
  busy?: boolean;
  /** The goods' stored picture, offered as the base when editing goods that already have one. */
  currentImageUrl?: string | null;
}

let layerSeq = 0;
function newLayer(count: number, text: string): TextLayer {
  layerSeq += 1;
  return {
    id: `layer-${layerSeq}`,
    text,
    font: 'noto-serif-jp',
    size: 96,
    color: '#1f2937',
    x: CANVAS_SIZE / 2,
    y: clamp(CANVAS_SIZE / 2 + count * 140, 60, CANVAS_SIZE - 60),
  };
}

/** The prize image editor: a base picture, text layers in four fonts, drawn on a canvas and exported as PNG. */
export function ImageEditor({ onExport, onDirtyChange, busy = false, currentImageUrl }: ImageEditorProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [base, setBase] = useState<{ image: HTMLImageElement; url: string } | null>(null);
  const [layers, setLayers] = useState<TextLayer[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [fontsReady, setFontsReady] = useState(0);
  const drag = useRef<{ id: string; dx: number; dy: number } | null>(null);
  const selected = layers.find((layer) => layer.id === selectedId) ?? null;
  const dirty = base !== null || layers.length > 0;

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => (base?.url.startsWith('blob:') ? URL.revokeObjectURL(base.url) : undefined), [base]);

  // Wait for the fonts (per text) before drawing; redraw once they are in.
  const fontKey = useMemo(
    () => layers.map((layer) => `${layer.font}:${layer.size}:${layer.text}`).join('|'),
    [layers],
  );
  useEffect(() => {
    let live = true;
    void loadFonts(layers).then(() => live && setFontsReady((value) => value + 1));
    return () => {
      live = false;
    };
    // Only when fonts or texts change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fontKey]);

  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context) return;
    drawComposition(
      context,
      base?.image ?? null,
      base ? { width: base.image.naturalWidth, height: base.image.naturalHeight } : null,
      layers,
      selectedId,
    );
  }, [base, layers, selectedId, fontsReady]);

  const loadBase = (url: string) => {
    const image = new Image();
    // A picture from a storage host must come with CORS, or the canvas could not be exported.
    image.crossOrigin = 'anonymous';
    image.onload = () => setBase({ image, url });
    image.src = url;
  };
  const chooseBase = (file: File | null) => {
    if (file) loadBase(URL.createObjectURL(file));
  };

  const update = (id: string, patch: Partial<TextLayer>) =>
    setLayers((current) => current.map((layer) => (layer.id === id ? { ...layer, ...patch } : layer)));

  const addLayer = () => {
    const layer = newLayer(layers.length, t('goods.editor.defaultText'));
    setLayers((current) => [...current, layer]);
    setSelectedId(layer.id);
  };

  const toCanvas = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * CANVAS_SIZE,
      y: ((event.clientY - rect.top) / rect.height) * CANVAS_SIZE,
    };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const context = canvasRef.current?.getContext('2d');
    if (!context) return;
    const point = toCanvas(event);
    const layer = hitLayer(context, layers, point.x, point.y);
    setSelectedId(layer?.id ?? null);
    if (layer) {
      drag.current = { id: layer.id, dx: point.x - layer.x, dy: point.y - layer.y };
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!drag.current) return;
    const point = toCanvas(event);
    const { id, dx, dy } = drag.current;
    update(id, {
      x: Math.round(clamp(point.x - dx, 0, CANVAS_SIZE)),
      y: Math.round(clamp(point.y - dy, 0, CANVAS_SIZE)),
    });
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const exportPng = async () => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    await loadFonts(layers);
    // Draw once more without the selection frame.
    drawComposition(
      context,
      base?.image ?? null,
      base ? { width: base.image.naturalWidth, height: base.image.naturalHeight } : null,
      layers,
      null,
    );
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    setFontsReady((value) => value + 1);
    if (!blob) return;
    await onExport(new File([blob], 'prize.png', { type: 'image/png' }));
  };

  // The family is shown as it is: which original font a family stands in for is an internal note.
  const fontOptions = FONTS.map((font) => ({ value: font.id, label: font.family }));

  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="image-editor-heading"
      data-testid="image-editor"
    >
      <Stack gap="sm">
        <Group gap="xs">
          <IconTypography size={20} aria-hidden />
          <Title order={3} size="h5" id="image-editor-heading">
            {t('goods.editor.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('goods.editor.lead')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Box>
            <canvas
              ref={canvasRef}
              width={CANVAS_SIZE}
              height={CANVAS_SIZE}
              role="img"
              aria-label={t('goods.editor.canvasLabel')}
              data-testid="editor-canvas"
              style={{
                width: '100%',
                maxWidth: 480,
                aspectRatio: '1 / 1',
                border: '1px solid var(--mantine-color-gray-4)',
                borderRadius: 8,
                touchAction: 'none',
                cursor: 'move',
                display: 'block',
              }}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
            />
            <Text size="xs" c="dimmed" mt={4}>
              {t('goods.editor.dragHint')}
            </Text>
          </Box>
          <Stack gap="sm">
            <Group gap="xs">
              <FileButton onChange={chooseBase} accept="image/png,image/jpeg,image/gif,image/webp">
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconPhoto size={16} />}
                    data-testid="editor-base"
                  >
                    {t('goods.editor.chooseBase')}
                  </Button>
                )}
              </FileButton>
              {currentImageUrl && base?.url !== currentImageUrl && (
                <Button
                  variant="light"
                  leftSection={<IconPhoto size={16} />}
                  onClick={() => loadBase(currentImageUrl)}
                  data-testid="editor-base-current"
                >
                  {t('goods.editor.useCurrent')}
                </Button>
              )}
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={addLayer}
                data-testid="editor-add-text"
              >
                {t('goods.editor.addText')}
              </Button>
            </Group>
            {layers.length > 0 && (
              <Select
                label={t('goods.editor.layer')}
                data={layers.map((layer, index) => ({
                  value: layer.id,
                  label: `${index + 1}. ${layer.text || t('goods.editor.emptyText')}`,
                }))}
                value={selectedId}
                onChange={setSelectedId}
                allowDeselect={false}
                data-testid="editor-layer"
              />
            )}
            {selected && (
              <Stack gap="xs" data-testid="editor-layer-fields">
                <TextInput
                  label={t('goods.editor.text')}
                  value={selected.text}
                  onChange={(event) => update(selected.id, { text: event.currentTarget.value })}
                  data-testid="editor-text"
                />
                <Select
                  label={t('goods.editor.font')}
                  data={fontOptions}
                  value={selected.font}
                  onChange={(value) => value && update(selected.id, { font: value as FontId })}
                  allowDeselect={false}
                  data-testid="editor-font"
                />
                <Group grow gap="xs">
                  <NumberInput
                    label={t('goods.editor.size')}
                    min={8}
                    max={400}
                    value={selected.size}
                    onChange={(value) =>
                      typeof value === 'number' && update(selected.id, { size: clamp(value, 8, 400) })
                    }
                  />
                  <ColorInput
                    label={t('goods.editor.color')}
                    value={selected.color}
                    format="hex"
                    eyeDropperButtonProps={{ 'aria-label': t('goods.editor.pickColor') }}
                    onChange={(value) => update(selected.id, { color: value })}
                  />
                </Group>
                <Group grow gap="xs">
                  <NumberInput
                    label={t('goods.editor.x')}
                    min={0}
                    max={CANVAS_SIZE}
                    value={selected.x}
                    onChange={(value) =>
                      typeof value === 'number' && update(selected.id, { x: clamp(value, 0, CANVAS_SIZE) })
                    }
                  />
                  <NumberInput
                    label={t('goods.editor.y')}
                    min={0}
                    max={CANVAS_SIZE}
                    value={selected.y}
                    onChange={(value) =>
                      typeof value === 'number' && update(selected.id, { y: clamp(value, 0, CANVAS_SIZE) })
                    }
                  />
                </Group>
                <Group justify="flex-end">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('goods.editor.removeText')}
                    onClick={() => {
                      setLayers((current) => current.filter((layer) => layer.id !== selected.id));
                      setSelectedId(null);
                    }}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Stack>
            )}
            <Button
              leftSection={<IconUpload size={16} />}
              onClick={() => void exportPng()}
              loading={busy}
              disabled={!dirty}
              data-testid="editor-export"
            >
              {t('goods.editor.useImage')}
            </Button>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
