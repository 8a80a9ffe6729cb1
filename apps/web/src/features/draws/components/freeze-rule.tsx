import type { PublicDraw } from '@hanabi/api';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { freezeRuleText } from '../freeze-rule-text';

/**
 * Which comments the draw counted, in plain words (decision 0204): those the platform published at or before T,
 * and how the freeze's wait for them to be read ended — every chat read past T, or the chats still behind at the
 * wait's limit and how far they had been read. A draw closed before the rule says so. The first paint draws the
 * same texts (`freeze-rule-text.ts`).
 */
export function FreezeRule({ draw }: { draw: PublicDraw }) {
  const { t, i18n } = useTranslation();
  const words = freezeRuleText(draw, (key, values) => t(key as never, values), i18n.language);
  if (!words) return null;
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="freeze-heading"
      data-testid="freeze-rule"
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id="freeze-heading">
          {words.title}
        </Title>
        {words.rule && <Text size="sm">{words.rule}</Text>}
        <Text size="sm" data-testid="freeze-outcome">
          {words.outcome}
        </Text>
        {words.behind.length > 0 && (
          <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 20 }}>
            {words.behind.map((line, index) => (
              <Text key={index} size="sm" component="li" data-testid="freeze-behind">
                {line}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
