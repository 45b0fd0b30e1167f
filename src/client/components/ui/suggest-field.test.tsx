import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SUGGEST_DEBOUNCE_MS, SUGGEST_HIDE_DELAY_MS, SuggestField } from './suggest-field.tsx';

afterEach(() => vi.useRealTimers());

const CITIES = ['Москва', 'Мурманск', 'Магадан'];

function Harness({
  fetchSuggestions,
  onPick = () => {},
  onLeave,
}: {
  fetchSuggestions: (query: string) => Promise<string[]>;
  onPick?: (city: string) => void;
  onLeave?: (text: string) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <SuggestField<string>
      label="Город"
      value={value}
      onValueChange={setValue}
      fetchSuggestions={fetchSuggestions}
      optionLabel={(city) => city}
      onPick={(city) => {
        setValue(city);
        onPick(city);
      }}
      onLeave={onLeave}
      emptyMessage="Ничего не найдено"
      failureMessage="Ошибка получения адресов"
    />
  );
}

async function type(text: string) {
  fireEvent.input(screen.getByRole('combobox', { name: 'Город' }), { target: { value: text } });
  await act(async () => {
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS);
  });
}

describe('SuggestField', () => {
  it('asks after a 300 ms pause from two characters, and only for the last text', async () => {
    vi.useFakeTimers();
    const asked: string[] = [];
    render(<Harness fetchSuggestions={(query) => (asked.push(query), Promise.resolve(CITIES))} />);
    fireEvent.input(screen.getByRole('combobox'), { target: { value: 'М' } });
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(asked).toEqual([]);
    fireEvent.input(screen.getByRole('combobox'), { target: { value: 'Мо' } });
    await act(async () => {
      vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS - 1);
    });
    await type('Мос');
    expect(asked).toEqual(['Мос']);
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(CITIES);
  });

  it('moves through the options with the arrows, picks with Enter, closes with Escape', async () => {
    vi.useFakeTimers();
    const picked: string[] = [];
    render(<Harness fetchSuggestions={() => Promise.resolve(CITIES)} onPick={(city) => picked.push(city)} />);
    await type('Му');
    const field = screen.getByRole('combobox');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]!.id);
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(picked).toEqual(['Магадан']);
    expect(field).toHaveValue('Магадан');
    expect(field).toHaveAttribute('aria-expanded', 'false');

    await type('Мур');
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when nothing is found, and when the suggestions failed', async () => {
    vi.useFakeTimers();
    let fail = false;
    render(<Harness fetchSuggestions={() => (fail ? Promise.reject(new Error('down')) : Promise.resolve([]))} />);
    await type('Ыы');
    expect(screen.getByRole('status')).toHaveTextContent('Ничего не найдено');
    fail = true;
    await type('Ыыы');
    expect(screen.getByRole('status')).toHaveTextContent('Ошибка получения адресов');
  });

  it('hides the list 150 ms after the field is left, and reports what was typed when nothing was picked', async () => {
    vi.useFakeTimers();
    const left: string[] = [];
    render(<Harness fetchSuggestions={() => Promise.resolve(CITIES)} onLeave={(text) => left.push(text)} />);
    await type('Мо');
    const field = screen.getByRole('combobox');
    fireEvent.blur(field);
    act(() => {
      vi.advanceTimersByTime(SUGGEST_HIDE_DELAY_MS - 1);
    });
    expect(field).toHaveAttribute('aria-expanded', 'true');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(left).toEqual(['Мо']);
  });

  it('a tap on an option picks it before the blur closes the list', async () => {
    vi.useFakeTimers();
    const picked: string[] = [];
    render(<Harness fetchSuggestions={() => Promise.resolve(CITIES)} onPick={(city) => picked.push(city)} />);
    await type('Мо');
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Москва' }));
    expect(picked).toEqual(['Москва']);
  });
});
