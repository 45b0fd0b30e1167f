import { CUSTOM_INSTRUMENT_TYPE } from '#shared/screens/repair-requests.ts';
import { instrumentTypeLabel } from '#shared/dictionaries/instruments.ts';
import { Button } from '#client/components/ui/button.tsx';
import fieldStyles from '#client/components/ui/field.module.css';
import { Consents } from './consents.tsx';
import { blockErrors } from './instrument-fields.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import type { StepProps } from './step-props.ts';
import type { EquipmentBlock } from './wizard-values.ts';
import styles from './repair.module.css';

/**
 * The main form's Оборудование (portal.md §2.2): the photos, the instruments added so far (each
 * changed in the dialog), 'Добавить инструмент' and the consents.
 */
export function EquipmentSection({ onEdit, ...props }: StepProps & { onEdit: (block: EquipmentBlock | null) => void }) {
  const { values, errors, change } = props;
  return (
    <section className={styles.section} aria-labelledby="main-form-equipment">
      <h2 id="main-form-equipment" className={styles.stepTitle}>
        Оборудование
      </h2>
      <PhotoPicker photos={values.photos} onChange={(photos) => change({ photos })} />
      {values.equipment.length > 0 ? (
        <ul className={styles.equipmentList} aria-label="Инструменты в заявке">
          {values.equipment.map((block, index) => (
            <EquipmentItem
              key={block.block}
              block={block}
              problem={Object.values(blockErrors(errors, index))[0]}
              onEdit={() => onEdit(block)}
            />
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>Добавьте инструменты, которые нужно отремонтировать.</p>
      )}
      <p className={fieldStyles.error} role="alert">
        {errors.instruments ?? ''}
      </p>
      <Button variant="secondary" onClick={() => onEdit(null)}>
        Добавить инструмент
      </Button>
      <Consents {...props} />
    </section>
  );
}

function EquipmentItem({
  block,
  problem,
  onEdit,
}: {
  block: EquipmentBlock;
  problem: string | undefined;
  onEdit: () => void;
}) {
  const name = Number(block.type) === CUSTOM_INSTRUMENT_TYPE ? block.name : instrumentTypeLabel(Number(block.type));
  return (
    <li className={styles.equipmentItem}>
      <div className={styles.equipmentText}>
        <strong>{name}</strong>
        <span>Серийный номер: {block.serialNumber}</span>
        <span className={styles.muted}>{block.description}</span>
        {block.guarantee ? <span>На гарантии</span> : null}
        {problem ? <span className={fieldStyles.error}>{problem}</span> : null}
      </div>
      <Button variant="secondary" onClick={onEdit} aria-label={`Изменить инструмент ${block.serialNumber}`}>
        Изменить
      </Button>
    </li>
  );
}
