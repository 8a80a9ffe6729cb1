import type { OAuthProvider, UserType } from '@hanabi/api';
import { Alert, Button, Stack } from '@mantine/core';
import { IconBrandGoogle, IconBrandX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { browserNavigation } from '../../../lib/browser-navigation';
import { isApiError } from '../../../lib/api-client';
import { errorMessageOf } from '../../../lib/toast';
import { startSocialSignIn } from '../../../lib/auth-api';
import { rememberAuthRedirect } from '../auth-storage';

const ICONS = { google: IconBrandGoogle, twitter: IconBrandX } as const;

/** Google and X buttons, only for the providers this server offers. The choice is kept as `authRedirect`. */
export function SocialButtons({
  userType,
  providers,
}: {
  userType: UserType;
  providers: readonly OAuthProvider[];
}) {
  const { t } = useTranslation();
  const start = useMutation({
    mutationFn: async (provider: OAuthProvider) => {
      rememberAuthRedirect(provider);
      browserNavigation.assign(await startSocialSignIn(provider, userType));
    },
  });
  if (providers.length === 0) return null;
  return (
    <Stack gap="sm">
      {providers.map((provider) => {
        const Icon = ICONS[provider];
        return (
          <Button
            key={provider}
            variant="default"
            size="md"
            leftSection={<Icon size={20} aria-hidden />}
            loading={start.isPending && start.variables === provider}
            disabled={start.isPending && start.variables !== provider}
            onClick={() => start.mutate(provider)}
          >
            {t(`auth.social.${provider}`)}
          </Button>
        );
      })}
      {start.error && (
        <Alert color="red" role="alert">
          {isApiError(start.error) && start.error.status === 429
            ? t('auth.email.rateLimited')
            : errorMessageOf(start.error)}
        </Alert>
      )}
    </Stack>
  );
}
