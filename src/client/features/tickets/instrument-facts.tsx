import type { ReactNode } from 'react';
import { instrumentTypeLabel } from '#shared/dictionaries/instruments.ts';
import styles from './ticket-card.module.css';

export interface InstrumentFactsProps {
  serial: string;
  type: number;
  /** A last fact across the card (the defect, the description); none when undefined. */
  note?: { label: string; text: ReactNode };
}

/** The facts every instrument card opens with: serial number and type. */
export function InstrumentFacts({ serial, type, note }: InstrumentFactsProps) {
  return (
    <dl className={styles.facts}>
      <div>
        <dt>Серийный номер</dt>
        <dd className={styles.serial}>{serial}</dd>
      </div>
      <div>
        <dt>Тип</dt>
        <dd>{instrumentTypeLabel(type)}</dd>
      </div>
      {note && (
        <div className={styles.wide}>
          <dt>{note.label}</dt>
          <dd>{note.text}</dd>
        </div>
      )}
    </dl>
  );
}
