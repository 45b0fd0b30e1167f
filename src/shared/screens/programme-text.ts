import type { ProgrammeNotice } from '../api/loyalty-programme.ts';
import { lazily } from '../format/lazily.ts';
import { SERVICE_TIME_ZONE } from '../format/server-timestamp.ts';

// The loyalty programme's notice in words: one wording for the Бонусы page and the shell's notice.
// Apart from the call's contract so the words load with the notice, not on every page's start.

// The programme's dates are calendar days that start at 00:00 Moscow (ADR 0016): in a browser west of
// Moscow the local date would be the day before, so they are written in Moscow's.
const moscowDate = lazily(
  () =>
    new Intl.DateTimeFormat('ru-RU', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: SERVICE_TIME_ZONE,
    }),
);

/** 'Программа лояльности будет приостановлена DD.MM.YYYY…', or null while the programme runs. */
export function programmeText(programme: ProgrammeNotice): string | null {
  if (!programme) return null;
  const date = programme.ends_on ? moscowDate().format(new Date(programme.ends_on)) : '';
  const what = programme.state === 'paused' ? 'приостановлена' : 'завершена';
  if (programme.ended) return `Программа лояльности ${what} ${date}. Бонусы не начисляются.`;
  const will = programme.state === 'paused' ? 'будет приостановлена' : 'завершится';
  return `Программа лояльности ${will} ${date}. Начисление бонусов остановлено; накопленные бонусы можно потратить до этой даты, затем они будут аннулированы.`;
}
