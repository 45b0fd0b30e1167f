import { CUSTOM_INSTRUMENT_TYPE } from '#shared/api/repair-requests.ts';
import { INSTRUMENT_TYPES } from '#shared/dictionaries/instruments.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CheckboxField } from '#client/components/ui/checkbox-field.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { TextareaField } from '#client/components/ui/textarea-field.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import type { StepProps } from './step-props.ts';
import { newBlock, type EquipmentBlock } from './wizard-values.ts';
import styles from './repair.module.css';

const TYPE_OPTIONS = Object.entries(INSTRUMENT_TYPES).map(([value, label]) => ({ value, label }));

/** Step 3, Оборудование (portal.md §2.1, §5): photos, the instruments, the consents. */
export function EquipmentStep({ user, values, errors, change }: StepProps) {
  const setBlock = (index: number, patch: Partial<EquipmentBlock>) =>
    change({
      equipment: values.equipment.map((block, at) => (at === index ? { ...block, ...patch } : block)),
    });
  return (
    <div className={styles.step}>
      <PhotoPicker photos={values.photos} onChange={(photos) => change({ photos })} />

      {values.equipment.map((block, index) => (
        <fieldset key={block.block} className={styles.block}>
          <legend>Инструмент {index + 1}</legend>
          <TextField
            label="Серийный номер"
            value={block.serialNumber}
            onChange={(event) => setBlock(index, { serialNumber: event.target.value })}
            error={errors[`instruments.${index}.serial_number`]}
          />
          <SelectField
            label="Тип инструмента"
            value={block.type}
            placeholder="Выберите тип"
            options={TYPE_OPTIONS}
            onChange={(event) => setBlock(index, { type: event.target.value })}
            error={errors[`instruments.${index}.type`]}
          />
          {Number(block.type) === CUSTOM_INSTRUMENT_TYPE ? (
            <TextField
              label="Название инструмента"
              value={block.name}
              onChange={(event) => setBlock(index, { name: event.target.value })}
              error={errors[`instruments.${index}.name`]}
            />
          ) : null}
          <TextareaField
            label="Описание неисправности"
            value={block.description}
            maxLength={1000}
            onChange={(event) => setBlock(index, { description: event.target.value })}
            error={errors[`instruments.${index}.description`]}
          />
          <CheckboxField label="На гарантии" checked={block.guarantee} onChange={(event) => setBlock(index, { guarantee: event.target.checked })} />
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

      {user.consents_given ? null : (
        <>
          <CheckboxField
            label={
              <>
                Я согласен на обработку персональных данных в соответствии с{' '}
                <a href="/privacy" target="_blank" rel="noopener">
                  политикой
                </a>
              </>
            }
            checked={values.approvalPolicy}
            onChange={(event) => change({ approvalPolicy: event.target.checked })}
            error={errors.approval_policy}
          />
          <CheckboxField
            label={
              <>
                Я согласен с{' '}
                <a href="/rules/loyalty" target="_blank" rel="noopener">
                  правилами программы лояльности
                </a>
              </>
            }
            checked={values.approvalLoyalty}
            onChange={(event) => change({ approvalLoyalty: event.target.checked })}
            error={errors.approval_loyalty}
          />
        </>
      )}
    </div>
  );
}
