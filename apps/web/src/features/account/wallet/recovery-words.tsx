import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/** The 12 words, numbered, as an ordered list (2 columns on a phone, 3 on wider screens). */
export function RecoveryWords({ words }: { words: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      component="ol"
      cols={{ base: 2, xs: 3 }}
      spacing="xs"
      verticalSpacing="xs"
      aria-label={t('wallet.words.label')}
      translate="no"
      data-testid="recovery-words"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {words.map((word, index) => (
        <Paper component="li" key={index} withBorder px="sm" py={6} radius="sm">
          <Text span c="dimmed" size="sm" mr={6} aria-hidden>
            {index + 1}.
          </Text>
          <Text span ff="monospace" fw={600} data-word-index={index}>
            {word}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
