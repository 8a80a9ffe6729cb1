import { DIGITAL_GOODS_LIMITS } from '@hanabi/api';
import type { DigitalGoods } from '@hanabi/api';
import {
  Alert,
  Button,
  Card,
  Group,
  Image,
  NumberInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { hasLength, useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useLocation } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { errorMessagesOf, FormErrorSummary } from '../../../components/form-error-summary';
import { UploadProgress } from '../../../components/upload-progress';
import { IMAGE_TYPES, UploadButton } from '../../../components/upload-button';
import { placeFieldErrors } from '../../../lib/field-errors';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { errorMessageOf, showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt';
import { UploadError, useUpload } from '../../../lib/upload';
import { createGoods, updateGoods, useInvalidateGoods } from '../../../lib/goods-api';

const ImageEditor = lazy(async () => ({ default: (await import('../editor/image-editor')).ImageEditor }));

export const GOODS_PATH = '/streamer/editor/digitalgoods';

interface GoodsValues {
  name: string;
  description: string;
  supply: number | string;
  imageAssetId: string | null;
  animationAssetId: string | null;
  hidden: boolean;
}

function valuesOf(goods: DigitalGoods | undefined): GoodsValues {
  return {
    name: goods?.name ?? '',
    description: goods?.description ?? '',
    supply: goods?.supply ?? 100,
    imageAssetId: goods?.image?.id ?? null,
    animationAssetId: goods?.animation?.id ?? null,
    hidden: goods?.hidden ?? false,
  };
}

interface GoodsFormProps {
  goods?: DigitalGoods;
  /** Sent with the create, kept per history entry by the page (`useCreateOnce`): Back + submit creates nothing. */
  idempotencyKey?: string;
  onCreated?: (id: string) => void;
}

/**
 * Create or edit digital goods: name, description, supply and the prize image (uploaded or composed). A failed
 * submit scrolls to the first invalid field with a summary on top, and server errors also toast (as the campaign
 * form does).
 */
export function GoodsForm({ goods, idempotencyKey, onCreated }: GoodsFormProps) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [, navigate] = useLocation();
  const invalidate = useInvalidateGoods();
  const published = goods?.status === 'published';
  const [preview, setPreview] = useState<string | null>(goods?.image?.url ?? null);
  const [animation, setAnimation] = useState<string | null>(
    goods?.animation ? goods.animation.fileExtention.toUpperCase() : null,
  );
  const [editorDirty, setEditorDirty] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const upload = useUpload('digitalgoods');

  const form = useForm<GoodsValues>({
    mode: 'controlled',
    initialValues: valuesOf(goods),
    validate: {
      name: (value) =>
        hasLength(
          { min: 1, max: DIGITAL_GOODS_LIMITS.nameMax },
          t('goods.form.nameLength', { max: DIGITAL_GOODS_LIMITS.nameMax }),
        )(value.trim()),
      description: hasLength(
        { max: DIGITAL_GOODS_LIMITS.descriptionMax },
        t('goods.form.descriptionLength', { max: DIGITAL_GOODS_LIMITS.descriptionMax }),
      ),
      supply: (value) => {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1 || n > DIGITAL_GOODS_LIMITS.supplyMax)
          return t('goods.form.supplyRange', { max: DIGITAL_GOODS_LIMITS.supplyMax });
        if (goods && published && n < goods.supply)
          return t('goods.form.supplyNoLower', { min: goods.supply });
        return null;
      },
    },
  });
  const dirty = !leaving && (form.isDirty() || editorDirty || upload.uploading);
  useUnsavedChangesPrompt(dirty);

  useEffect(() => {
    if (leaving) navigate(GOODS_PATH);
  }, [leaving, navigate]);

  const storeImage = async (file: File | null) => {
    if (!file) return;
    try {
      const stored = await upload.start(file);
      form.setFieldValue('imageAssetId', stored.assetId);
      setPreview(stored.downloadUrl);
      showSuccessToast(t('goods.form.imageStored'));
    } catch (error) {
      if (error instanceof UploadError && error.reason === 'aborted') return;
      showErrorToast(error instanceof Error ? error.message : undefined);
    }
  };

  const storeAnimation = async (file: File | null) => {
    if (!file) return;
    try {
      const stored = await upload.start(file);
      form.setFieldValue('animationAssetId', stored.assetId);
      setAnimation(`${stored.fileName} (${stored.fileExtention.toUpperCase()})`);
      showSuccessToast(t('goods.form.animationStored'));
    } catch (error) {
      if (error instanceof UploadError && error.reason === 'aborted') return;
      showErrorToast(error instanceof Error ? error.message : undefined);
    }
  };

  const save = useMutation({
    mutationFn: (values: GoodsValues) => {
      const supply = Number(values.supply);
      if (goods && published) return updateGoods(goods.id, { supply, hidden: values.hidden });
      const body = {
        name: values.name.trim(),
        description: values.description,
        supply,
        imageAssetId: values.imageAssetId,
        animationAssetId: values.animationAssetId,
        hidden: values.hidden,
      };
      return goods ? updateGoods(goods.id, body) : createGoods(body, idempotencyKey);
    },
    onSuccess: async (saved) => {
      if (!goods) onCreated?.(saved.id);
      await invalidate();
      showSuccessToast(t('goods.form.saved'));
      setEditorDirty(false);
      setLeaving(true);
    },
    onError: (error) => {
      placeFieldErrors(error, form);
      showErrorToast(errorMessageOf(error));
      focusFirstInvalid(formRef.current);
    },
  });

  return (
    <form
      noValidate
      ref={formRef}
      onSubmit={(event) =>
        form.onSubmit(
          (values) => save.mutate(values),
          () => focusFirstInvalid(formRef.current),
        )(event)
      }
      data-testid="goods-form"
    >
      <Stack gap="md">
        <FormErrorSummary messages={errorMessagesOf(form.errors)} testId="goods-error-summary" />
        {published && (
          <Alert icon={<IconInfoCircle size={18} />} color="blue" variant="light">
            {t('goods.form.publishedNote')}
          </Alert>
        )}
        <Card withBorder padding="md">
          <Stack gap="sm">
            <TextInput
              label={t('goods.form.name')}
              required
              disabled={published}
              maxLength={DIGITAL_GOODS_LIMITS.nameMax}
              data-testid="goods-name"
              {...form.getInputProps('name')}
            />
            <Textarea
              label={t('goods.form.description')}
              disabled={published}
              autosize
              minRows={3}
              maxRows={8}
              maxLength={DIGITAL_GOODS_LIMITS.descriptionMax}
              {...form.getInputProps('description')}
            />
            <NumberInput
              label={t('goods.form.supply')}
              description={t('goods.form.supplyDescription')}
              required
              min={published && goods ? goods.supply : 1}
              max={DIGITAL_GOODS_LIMITS.supplyMax}
              allowDecimal={false}
              data-testid="goods-supply"
              {...form.getInputProps('supply')}
            />
            {published && (
              <Switch
                label={t('goods.form.hidden')}
                description={t('goods.form.hiddenDescription')}
                {...form.getInputProps('hidden', { type: 'checkbox' })}
              />
            )}
          </Stack>
        </Card>
        <Card withBorder padding="md" component="section" aria-labelledby="goods-image-heading">
          <Stack gap="sm">
            <Text fw={600} id="goods-image-heading">
              {t('goods.form.image')}
            </Text>
            {preview ? (
              <Image
                src={preview}
                alt={t('goods.form.imageAlt')}
                maw={240}
                radius="md"
                data-testid="goods-image-preview"
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('goods.form.noImage')}
              </Text>
            )}
            {!published && (
              <Group gap="xs">
                <UploadButton
                  accept={IMAGE_TYPES}
                  onFile={(file) => void storeImage(file)}
                  disabled={upload.uploading}
                >
                  {t('goods.form.uploadImage')}
                </UploadButton>
              </Group>
            )}
            <Text size="sm" fw={500} mt="xs">
              {t('goods.form.animation')}
            </Text>
            <Text size="sm" c="dimmed" data-testid="goods-animation">
              {animation ?? t('goods.form.noAnimation')}
            </Text>
            {!published && (
              <Group gap="xs">
                <UploadButton
                  accept="video/mp4,video/webm,audio/mpeg,audio/wav,audio/ogg,model/gltf-binary,.glb"
                  onFile={(file) => void storeAnimation(file)}
                  disabled={upload.uploading}
                >
                  {t('goods.form.uploadAnimation')}
                </UploadButton>
                {form.values.animationAssetId && (
                  <Button
                    variant="subtle"
                    color="gray"
                    onClick={() => {
                      form.setFieldValue('animationAssetId', null);
                      setAnimation(null);
                    }}
                  >
                    {t('goods.form.removeAnimation')}
                  </Button>
                )}
              </Group>
            )}
            <UploadProgress upload={upload} />
          </Stack>
        </Card>
        {!published && (
          <Suspense fallback={<CenteredLoader />}>
            <ImageEditor
              onExport={storeImage}
              onDirtyChange={setEditorDirty}
              busy={upload.uploading}
              currentImageUrl={preview}
            />
          </Suspense>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate(GOODS_PATH)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={upload.uploading} data-testid="goods-save">
            {t('goods.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
