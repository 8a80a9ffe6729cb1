import type { Account, AuthProvider, UserType } from '@hanabi/api';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useLocation, useSearchParams } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { PageTitle } from '../../../components/page-title';
import { homePathFor, readSession, setAccountCache } from '../../../lib/account';
import { errorMessageOf } from '../../../lib/toast';
import { signIn, signupPath } from '../../../lib/auth-api';
import { clearSignInMemory, rememberedAuthProvider } from '../auth-storage';
import { OtherTypePanel } from '../components/other-type-panel';
import { RegistrationForm } from '../components/registration-form';
import {
  landingResult,
  outcomeOfSigninError,
  outcomeOfSigninResponse,
  type SignInOutcome,
} from '../sign-in-outcome';

type View =
  | { step: 'working' }
  | { step: 'registration'; email: string | null; authProvider: AuthProvider | null; token: string }
  | { step: 'otherType'; user: Account }
  | { step: 'error'; message: string };

/**
 * `/signup/:userType/finishSignUp`: where the e-mail link and the OAuth redirect land (docs/original-spec.md §4 and §9).
 * 1. `?error=` (expired link, cancelled at the provider) or no identity token → back to `/signup/{type}` with it.
 * 2. The session's token becomes the bearer; `POST /api/signin { userType, authProvider }`:
 *    - signin → the account is stored; home (the wallet step comes first when there is no wallet — the
 *      WalletStepGate shows it on this path and continues home afterwards);
 *    - 'not yet register' → a short registration (display name) → `POST /api/signup` → as signin;
 *    - 'invalid user type' → "registered as the other type", the returned user stays stored;
 *    - anything else, or no user at all → an error with the message and a way back.
 */
export function FinishSignUpPage({ userType }: { userType: UserType }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const errorParam = searchParams.get('error');
  const [view, setView] = useState<View>({ step: 'working' });
  const started = useRef(false);

  /** Signed in: store the account and go home — unless there is no wallet yet (then the gate takes over). */
  const complete = useCallback(
    async (user: Account) => {
      clearSignInMemory();
      // Stored first: the area home needs the session. Without a wallet the WalletStepGate now shows the
      // wallet step on this page, and continues home once it is saved.
      setAccountCache(queryClient, user);
      if (user.walletAddress) navigate(homePathFor(user), { replace: true });
    },
    [navigate, queryClient],
  );

  const apply = useCallback(
    (outcome: SignInOutcome, token: string) => {
      switch (outcome.mode) {
        case 'signin':
          void complete(outcome.user);
          return;
        case 'registration':
          if (outcome.hasAnotherUserType) {
            clearSignInMemory();
            setAccountCache(queryClient, outcome.user);
            setView({ step: 'otherType', user: outcome.user });
          } else {
            setView({
              step: 'registration',
              email: outcome.email,
              authProvider: outcome.authProvider,
              token,
            });
          }
          return;
        case 'error':
          setView({ step: 'error', message: outcome.message || t('auth.finish.failed') });
      }
    },
    [complete, queryClient, t],
  );

  useEffect(() => {
    // Once per landing (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    void (async () => {
      let session = null;
      if (!errorParam) {
        try {
          session = await readSession();
        } catch (error) {
          setView({ step: 'error', message: errorMessageOf(error) });
          return;
        }
      }
      const landing = landingResult(errorParam, session);
      if (landing.kind === 'tokenFailure') {
        // Token failure: back to the sign-up page of this type, which explains the code.
        navigate(`${signupPath(userType)}?error=${encodeURIComponent(landing.code)}`, {
          replace: true,
        });
        return;
      }
      if (landing.kind === 'noUser') {
        setView({ step: 'error', message: t('auth.finish.noUser') });
        return;
      }
      let outcome: SignInOutcome;
      try {
        outcome = outcomeOfSigninResponse(await signIn(userType, rememberedAuthProvider(), landing.token));
      } catch (error) {
        outcome = outcomeOfSigninError(error);
        if (outcome.mode === 'error') outcome = { mode: 'error', message: errorMessageOf(error) };
      }
      apply(outcome, landing.token);
    })();
  }, [apply, errorParam, navigate, t, userType]);

  let title: string;
  let body;
  switch (view.step) {
    case 'working':
      title = t('auth.finish.workingTitle');
      body = (
        <Stack gap="xs" align="center">
          <CenteredLoader />
          <Text c="dimmed">{t('auth.finish.working')}</Text>
        </Stack>
      );
      break;
    case 'registration':
      title = t('auth.register.title');
      body = (
        <RegistrationForm
          userType={userType}
          email={view.email}
          token={view.token}
          onRegistered={(account) => void complete(account)}
        />
      );
      break;
    case 'otherType':
      title = t('auth.otherType.title', { registered: t(`area.${view.user.type}`) });
      body = <OtherTypePanel user={view.user} userType={userType} />;
      break;
    case 'error':
      title = t('auth.finish.errorTitle');
      body = (
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
            {view.message}
          </Alert>
          <div>
            <Button
              component={Link}
              to={signupPath(userType)}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              {t('auth.finish.back')}
            </Button>
          </div>
        </Stack>
      );
      break;
  }

  return (
    <Stack maw={520} mx="auto" gap="lg" data-testid={`finish-${view.step}`}>
      <PageTitle>{title}</PageTitle>
      {body}
    </Stack>
  );
}
