import { CUSTOM_INSTRUMENT_TYPE } from '#shared/screens/repair-requests.ts';
import { INSTRUMENT_TYPES } from '#shared/dictionaries/instruments.ts';
import { CheckboxField } from '#client/components/ui/checkbox-field.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { TextareaField } from '#client/components/ui/textarea-field.tsx';
import type { EquipmentBlock } from './wizard-values.ts';

const TYPE_OPTIONS = Object.entries(INSTRUMENT_TYPES).map(([value, label]) => ({ value, label }));

/** The request's field names (serial_number, type, name, description) → the message shown under it. */
export type InstrumentErrors = Partial<Record<'serial_number' | 'type' | 'name' | 'description', string>>;

export interface InstrumentFieldsProps {
  block: EquipmentBlock;
  onChange: (patch: Partial<EquipmentBlock>) => void;
  errors: InstrumentErrors;
  /** A field was left (the equipment dialog shows a field's message from then on). */
  onLeave?: (field: keyof InstrumentErrors) => void;
}

/** One instrument (portal.md §3 Equipment): serial number, type ('Свой вариант' asks for a name), description, guarantee. */
export function InstrumentFields({ block, onChange, errors, onLeave }: InstrumentFieldsProps) {
  return (
    <>
      <TextField
        label="Серийный номер"
        value={block.serialNumber}
        onChange={(event) => onChange({ serialNumber: event.target.value })}
        onBlur={() => onLeave?.('serial_number')}
        error={errors.serial_number}
      />
      <SelectField
        label="Тип инструмента"
        value={block.type}
        placeholder="Выберите тип"
        options={TYPE_OPTIONS}
        onChange={(event) => onChange({ type: event.target.value })}
        onBlur={() => onLeave?.('type')}
        error={errors.type}
      />
      {Number(block.type) === CUSTOM_INSTRUMENT_TYPE ? (
        <TextField
          label="Название инструмента"
          value={block.name}
          onChange={(event) => onChange({ name: event.target.value })}
          onBlur={() => onLeave?.('name')}
          error={errors.name}
        />
      ) : null}
      <TextareaField
        label="Описание неисправности"
        value={block.description}
        maxLength={1000}
        onChange={(event) => onChange({ description: event.target.value })}
        onBlur={() => onLeave?.('description')}
        error={errors.description}
      />
      <CheckboxField
        label="На гарантии"
        checked={block.guarantee}
        onChange={(event) => onChange({ guarantee: event.target.checked })}
      />
    </>
  );
}

/** The wizard's errors (keyed 'instruments.<index>.<field>') of one block. */
export function blockErrors(errors: Record<string, string>, index: number): InstrumentErrors {
  const prefix = `instruments.${index}.`;
  return Object.fromEntries(
    Object.entries(errors).flatMap(([key, message]) =>
      key.startsWith(prefix) ? [[key.slice(prefix.length), message]] : [],
    ),
  );
}
