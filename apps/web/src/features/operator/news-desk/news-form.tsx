import { NEWS_LIMITS, type NewsAdminItem } from '@hanabi/api';
import {
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { DateTimeField } from '../../../components/date-time-field';
import { NewsCard } from '../../../components/news-card';
import { instantOf } from '../../../lib/date-time-value';
import { FormError } from '../components/form-error';
import { bodyOf, formValuesOf, type NewsFormValues, type PublishMode } from './news-form-values';

interface NewsFormProps {
  item: NewsAdminItem | null;
  saving: boolean;
  error: unknown;
  onSave: (body: ReturnType<typeof bodyOf>) => void;
  onCancel?: () => void;
}

/** Write or edit one item: Japanese and English fields, draft / publish now / schedule, and a preview. */
export function NewsForm({ item, saving, error, onSave, onCancel }: NewsFormProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('write');
  const [previewLanguage, setPreviewLanguage] = useState('ja');
  const form = useForm<NewsFormValues>({
    initialValues: formValuesOf(item),
    validate: {
      title: (value) => (value.trim() ? null : t('newsDesk.required')),
      body: (value) => (value.trim() ? null : t('newsDesk.required')),
      scheduleAt: (value, values) =>
        values.mode === 'schedule' && !instantOf(value) ? t('newsDesk.scheduleRequired') : null,
    },
  });
  const preview = bodyOf(form.values, item);

  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSave(bodyOf(values, item)))}>
      <Stack gap="sm">
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="write">{item ? t('newsDesk.edit') : t('newsDesk.new')}</Tabs.Tab>
            <Tabs.Tab value="preview">{t('newsDesk.preview')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="write" pt="sm">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Stack gap="sm">
                <TextInput
                  label={t('newsDesk.title')}
                  required
                  maxLength={NEWS_LIMITS.titleMax}
                  lang="ja"
                  {...form.getInputProps('title')}
                />
                <Textarea
                  label={t('newsDesk.body')}
                  required
                  autosize
                  minRows={4}
                  maxLength={NEWS_LIMITS.bodyMax}
                  lang="ja"
                  {...form.getInputProps('body')}
                />
              </Stack>
              <Stack gap="sm">
                <TextInput
                  label={t('newsDesk.titleEn')}
                  maxLength={NEWS_LIMITS.titleMax}
                  lang="en"
                  {...form.getInputProps('titleEn')}
                />
                <Textarea
                  label={t('newsDesk.bodyEn')}
                  autosize
                  minRows={4}
                  maxLength={NEWS_LIMITS.bodyMax}
                  lang="en"
                  {...form.getInputProps('bodyEn')}
                />
              </Stack>
            </SimpleGrid>
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="sm">
            <Stack gap="xs" data-testid="news-preview">
              <SegmentedControl
                value={previewLanguage}
                onChange={setPreviewLanguage}
                data={[
                  { value: 'ja', label: t('newsDesk.previewJa') },
                  { value: 'en', label: t('newsDesk.previewEn') },
                ]}
                style={{ alignSelf: 'flex-start' }}
              />
              <NewsCard item={preview} language={previewLanguage} />
            </Stack>
          </Tabs.Panel>
        </Tabs>

        <Stack gap={4}>
          <Text size="sm" fw={500} id="publish-mode-label">
            {t('newsDesk.publishing')}
          </Text>
          <SegmentedControl
            aria-labelledby="publish-mode-label"
            value={form.values.mode}
            onChange={(value) => form.setFieldValue('mode', value as PublishMode)}
            data={(['draft', 'now', 'schedule'] as const).map((mode) => ({
              value: mode,
              label: t(`newsDesk.modes.${mode}`),
            }))}
            style={{ alignSelf: 'flex-start' }}
          />
          {form.values.mode === 'schedule' && (
            <DateTimeField label={t('newsDesk.scheduleAt')} maw={260} {...form.getInputProps('scheduleAt')} />
          )}
        </Stack>
        <FormError error={error} />
        <Group gap="sm">
          <Button type="submit" loading={saving}>
            {t('newsDesk.save')}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('newsDesk.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
