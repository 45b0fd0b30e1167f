import type { ProgrammeNotice } from '../api/loyalty-programme.ts';
import { formatDate } from './date.ts';

// The loyalty programme's notice in words: one wording for the Бонусы page and the shell's notice.
// Apart from the call's contract so the words load with the notice, not on every page's start.

/** 'Программа лояльности будет приостановлена DD.MM.YYYY…', or null while the programme runs. */
export function programmeText(programme: ProgrammeNotice): string | null {
  if (!programme) return null;
  const date = programme.ends_on ? formatDate(programme.ends_on) : '';
  const what = programme.state === 'paused' ? 'приостановлена' : 'завершена';
  if (programme.ended) return `Программа лояльности ${what} ${date}. Бонусы не начисляются.`;
  const will = programme.state === 'paused' ? 'будет приостановлена' : 'завершится';
  return `Программа лояльности ${will} ${date}. Начисление бонусов остановлено; накопленные бонусы можно потратить до этой даты, затем они будут аннулированы.`;
}
