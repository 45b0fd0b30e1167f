import { useId, useState, type DragEvent } from 'react';
import { CUSTOM_INSTRUMENT_TYPE, MAX_PHOTOS, PHOTO_EXTENSIONS, photoProblem } from '#shared/api/repair-requests.ts';
import { INSTRUMENT_TYPES } from '#shared/dictionaries/instruments.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CheckboxField } from '#client/components/ui/checkbox-field.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { TextareaField } from '#client/components/ui/textarea-field.tsx';
import { asApiError } from '#client/lib/http.ts';
import { uploadPhoto } from './api.ts';
import type { StepProps } from './step-props.ts';
import { newBlock, type EquipmentBlock } from './wizard-values.ts';
import fieldStyles from '#client/components/ui/field.module.css';
import styles from './repair.module.css';

const TYPE_OPTIONS = Object.entries(INSTRUMENT_TYPES).map(([value, label]) => ({ value, label }));
const ACCEPT = PHOTO_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** Step 3, Оборудование (portal.md §2.1, §5): photos, the instruments, the consents. */
export function EquipmentStep({ user, values, errors, change }: StepProps) {
  const fileId = useId();
  const [dragging, setDragging] = useState(false);
  const [upload, setUpload] = useState<{ busy: boolean; problem?: string }>({
    busy: false,
  });

  const addFiles = async (files: readonly File[]) => {
    // Several files in one go: each upload adds to what the previous ones added.
    let photos = values.photos;
    for (const file of files) {
      const problem = photoProblem(file) ?? (photos.length >= MAX_PHOTOS ? `Не более ${MAX_PHOTOS} фото` : null);
      if (problem) {
        setUpload({ busy: false, problem });
        return;
      }
      setUpload({ busy: true });
      try {
        photos = [...photos, await uploadPhoto(file)];
        change({ photos });
        setUpload({ busy: false });
      } catch (error) {
        setUpload({ busy: false, problem: asApiError(error).message });
        return;
      }
    }
  };

  const setBlock = (index: number, patch: Partial<EquipmentBlock>) =>
    change({
      equipment: values.equipment.map((block, at) => (at === index ? { ...block, ...patch } : block)),
    });
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void addFiles([...event.dataTransfer.files]);
  };

  return (
    <div className={styles.step}>
      <div
        className={[styles.dropZone, dragging ? styles.dragging : ''].filter(Boolean).join(' ')}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label htmlFor={fileId} className={styles.dropLabel}>
          Фото инструментов: выберите файлы или перетащите их сюда (jpg, png, tiff, bmp, до 10 Мб)
        </label>
        <input id={fileId} type="file" accept={ACCEPT} multiple onChange={(event) => void addFiles([...(event.target.files ?? [])])} disabled={upload.busy} />
        {upload.busy ? <progress aria-label="Загрузка фото" /> : null}
        <p className={fieldStyles.error} role="alert">
          {upload.problem ?? ''}
        </p>
        {values.photos.length > 0 ? (
          <ul className={styles.photos} aria-label="Загруженные фото">
            {values.photos.map((photo) => (
              <li key={photo.fileId}>
                {photo.name}{' '}
                <Button variant="link" onClick={() => change({ photos: values.photos.filter((other) => other.fileId !== photo.fileId) })}>
                  Убрать
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

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
