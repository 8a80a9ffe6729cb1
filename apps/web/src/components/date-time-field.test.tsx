import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { DatesInPageLanguage, DateTimeField } from './date-time-field';

function Field({ initial, onChange }: { initial: string; onChange?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateTimeField
      label="When"
      clearable
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

function renderField(initial: string, onChange?: (value: string) => void) {
  return render(
    <MantineProvider env="test">
      <DatesInPageLanguage>
        <Field initial={initial} onChange={onChange} />
      </DatesInPageLanguage>
    </MantineProvider>,
  );
}

const field = () => screen.getByRole('button', { name: 'When' });

afterEach(async () => {
  await i18n.changeLanguage('ja');
});

describe('a date-time field follows the page’s language, not the browser’s (decision 0206)', () => {
  it('shows a Japanese page’s time as 2026/12/05 20:33 and its calendar in Japanese, weeks from Sunday', () => {
    renderField('2026-12-05 20:33:00');
    expect(field().textContent).toBe('2026/12/05 20:33');
    fireEvent.click(field());
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: '2026年12月' })).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['日', '月', '火', '水', '木', '金', '土']);
    expect(within(dialog).getByLabelText('次の月')).toBeTruthy();
  });

  it('shows an English page’s time as Dec 5, 2026 8:33 PM, with a 12-hour clock', async () => {
    await i18n.changeLanguage('en');
    renderField('2026-12-05 20:33:00');
    expect(field().textContent).toBe('Dec 5, 2026 8:33 PM');
    fireEvent.click(field());
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'December 2026' })).toBeTruthy();
    expect(within(dialog).getAllByRole('columnheader')[0]!.textContent).toBe('Su');
    expect(within(dialog).getByLabelText('AM or PM')).toBeTruthy();
  });

  it('changes with the language while it is on screen', async () => {
    renderField('2026-12-05 20:33:00');
    expect(field().textContent).toBe('2026/12/05 20:33');
    await act(() => i18n.changeLanguage('en'));
    expect(field().textContent).toBe('Dec 5, 2026 8:33 PM');
  });

  it('gives the form the picked time as YYYY-MM-DD HH:mm:ss, and an empty string when cleared', () => {
    const onChange = vi.fn();
    renderField('2026-12-05 20:33:00', onChange);
    fireEvent.click(field());
    fireEvent.click(screen.getByRole('button', { name: '2026年12月18日' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-12-18 20:33:00');
    fireEvent.click(screen.getByRole('button', { name: '決定' }));
    expect(field().textContent).toBe('2026/12/18 20:33');
    fireEvent.click(screen.getByRole('button', { name: '日時を消す' }));
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
