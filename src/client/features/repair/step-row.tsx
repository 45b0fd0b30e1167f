import { LineIcon } from '#client/components/ui/icon.tsx';
import styles from './repair.module.css';

export const STEPS = ['Контактная информация', 'Адрес', 'Оборудование'] as const;
export type Step = 1 | 2 | 3;

/**
 * The step row (portal.md §2.1: each step isActive, isChecked): the current step, and a tick on each
 * one already passed; screen readers hear 'пройден' after its name.
 */
export function StepRow({ step }: { step: Step }) {
  return (
    <ol className={styles.steps}>
      {STEPS.map((title, index) => {
        const number = index + 1;
        const done = number < step;
        return (
          <li
            key={title}
            aria-current={step === number ? 'step' : undefined}
            className={step === number ? styles.current : done ? styles.done : undefined}
          >
            {done ? (
              <LineIcon size={16} className={styles.stepTick}>
                <path d="M5 12.5l4.5 4.5L19 7.5" />
              </LineIcon>
            ) : null}
            <span className={styles.stepNumber}>{number}</span> <span className={styles.stepName}>{title}</span>
            {done ? <span className="visually-hidden">, пройден</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
