import { Button } from '#client/components/ui/button.tsx';
import { Consents } from './consents.tsx';
import { blockErrors, InstrumentFields } from './instrument-fields.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import type { StepProps } from './step-props.ts';
import { newBlock, type EquipmentBlock } from './wizard-values.ts';
import styles from './repair.module.css';

/** Step 3, Оборудование (portal.md §2.1, §5): photos, the instruments, the consents. */
export function EquipmentStep({ user, values, errors, change }: StepProps) {
  const setBlock = (index: number, patch: Partial<EquipmentBlock>) =>
    change({
      equipment: values.equipment.map((block, at) => (at === index ? { ...block, ...patch } : block)),
    });
  return (
    <div className={styles.step}>
      <PhotoPicker photos={values.photos} onChange={(photos) => change({ photos })} upload={user !== null} />

      {values.equipment.map((block, index) => (
        <fieldset key={block.block} className={styles.block}>
          <legend>Инструмент {index + 1}</legend>
          <InstrumentFields
            block={block}
            onChange={(patch) => setBlock(index, patch)}
            errors={blockErrors(errors, index)}
          />
          {index > 0 ? (
            <Button
              variant="link"
              onClick={() =>
                change({
                  equipment: values.equipment.filter((_, at) => at !== index),
                })
              }
            >
              Удалить инструмент
            </Button>
          ) : null}
        </fieldset>
      ))}
      <Button
        variant="secondary"
        onClick={() =>
          change({
            equipment: [...values.equipment, newBlock((values.equipment.at(-1)?.block ?? 0) + 1)],
          })
        }
      >
        Добавить
      </Button>

      <Consents {...{ user, values, errors, change }} />
    </div>
  );
}
