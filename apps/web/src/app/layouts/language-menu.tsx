import { Box, Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOCALES, currentLocale, loadLocale, setLocale } from '../../lib/i18n';

/** Header language switch; the choice is kept in localStorage (`hanabi.locale`) and `<html lang>` follows. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
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
            onClick={() => void setLocale(locale)}
          >
            {t(`languages.${locale}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
