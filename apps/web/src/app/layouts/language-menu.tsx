import { Box, Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { apiRoutes } from '@hanabi/api';
import { useQueryClient } from '@tanstack/react-query';
import { setAccountCache, useAccount } from '../../lib/account';
import { callApi } from '../../lib/api-client';
import { LOCALES, currentLocale, loadLocale, setLocale, type Locale, useTranslation } from '../../lib/i18n';

/**
 * Header language switch; the choice is kept in localStorage (`hanabi.locale`) and `<html lang>` follows. Signed
 * in, it is saved on the account too, so notifications and e-mails come in the same language (decision 0077).
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { data: account } = useAccount();
  const choose = async (locale: Locale) => {
    await setLocale(locale);
    if (!account || account.locale === locale) return;
    try {
      const saved = await callApi(apiRoutes.updateAccount, { params: { id: account.id }, body: { locale } });
      setAccountCache(queryClient, saved);
    } catch (error) {
      // The page already speaks the new language; the account keeps the old one until the next switch.
      console.warn('Could not save the language on the account.', error);
    }
  };
  const active = i18n.resolvedLanguage ?? currentLocale();
  return (
    // Opening the menu starts fetching the other languages' messages, so a pick switches at once.
    <Menu
      position="bottom-end"
      withinPortal
      onOpen={() => LOCALES.forEach((locale) => void loadLocale(locale).catch(() => undefined))}
    >
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} aria-hidden />}
          aria-label={`${t('header.language')}: ${t(`languages.${currentLocale()}`)}`}
        >
          <Box component="span" lang={currentLocale()} visibleFrom="xs">
            {t(`languages.${currentLocale()}`)}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            aria-current={active === locale ? 'true' : undefined}
            rightSection={active === locale ? <IconCheck size={16} aria-hidden /> : null}
            onClick={() => void choose(locale)}
          >
            {t(`languages.${locale}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
