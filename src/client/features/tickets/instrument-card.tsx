import type { Instrument } from '#shared/api/tickets.ts';
import { instrumentDisplayName, instrumentStatusLabel } from '#shared/dictionaries/instruments.ts';
import { InstrumentFacts } from './instrument-facts.tsx';
import styles from './instrument-card.module.css';

/** An instrument of a ticket with no defect statements yet (cabinet.md §2 Instrument card). */
export function InstrumentCard({ instrument }: { instrument: Instrument }) {
  const titleId = `instrument-${instrument.id}-title`;
  const title = instrumentDisplayName(instrument);
  // A 'Свой вариант' without a name is titled by its description: not told twice.
  const description = instrument.description && instrument.description.trim() !== title ? instrument.description : '';
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h3 id={titleId} className={styles.title}>
          {title}
        </h3>
        <span className={styles.status} data-status={instrument.status}>
          {instrumentStatusLabel(instrument.status)}
        </span>
      </div>
      <InstrumentFacts
        serial={instrument.serial_number}
        type={instrument.type}
        note={description ? { label: 'Описание', text: description } : undefined}
      />
    </article>
  );
}
