import { ACCESS_LEVEL_LABELS, ACCESS_LEVELS, type AccessLevel } from '#shared/screens/access-levels.ts';
import { RadioGroup, type RadioOption } from '#client/components/ui/radio-group.tsx';
import styles from './accesses.module.css';

/** What each level gives, in the words the owner chooses by (issue 41). */
export const LEVEL_HINTS: Readonly<Record<AccessLevel, string>> = {
  full: 'Заявки, согласование ремонта и счета',
  tickets: 'Заявки и их документы для просмотра, без цен, бонусов, согласований и счетов',
  bills: 'Счета, их документы и оплата, без заявок',
};

const options: RadioOption<AccessLevel>[] = ACCESS_LEVELS.map((level) => ({
  value: level,
  label: (
    <span className={styles.levelOption}>
      <strong>{ACCESS_LEVEL_LABELS[level]}</strong>
      <span className={styles.muted}>{LEVEL_HINTS[level]}</span>
    </span>
  ),
}));

export interface LevelChoiceProps {
  value: AccessLevel;
  onChange: (level: AccessLevel) => void;
  error?: string | undefined;
}

/** The level a colleague gets: native radios, the server enforces what each gives (ADR 0049). */
export function LevelChoice({ value, onChange, error }: LevelChoiceProps) {
  return (
    <RadioGroup
      legend="Что будет доступно"
      name="level"
      options={options}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
