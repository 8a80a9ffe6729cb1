import { Card, Text } from '@mantine/core';

/** One figure with its label and a line of detail: the dashboard's totals and today's quota. */
export function TotalCard({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: string;
  detail: string;
  testId: string;
}) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} data-testid={`${testId}-value`}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Card>
  );
}
