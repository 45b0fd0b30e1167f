import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { ETA_CHOICES, STOP_FAIL_REASONS } from '#shared/dictionaries/courier-stops.ts';
import { instrumentDisplayName } from '#shared/dictionaries/instruments.ts';
import { STOP_FAIL_REASON_LABELS } from '#shared/screens/courier-labels.ts';
import type { EtaMinutes, StopFailReason } from '#shared/dictionaries/courier-stops.ts';
import {
  courierMessages,
  noneHandedOverMessage,
  STOP_PHOTO_MAX_BYTES,
  type CourierStop,
} from '#shared/screens/courier.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FilePickButton } from '#client/components/ui/file-pick-button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { hasNoConnection } from '#client/lib/connection.ts';
import { asApiError } from '#client/lib/http.ts';
import { newActionKey, sendStopAction, uploadStopPhoto, type StopAction } from './api.ts';
import { useCourierRoute } from './route-store.ts';
import { doneLabel } from './stop-state.ts';
import styles from './courier.module.css';

const ETA_LABELS: Record<EtaMinutes, string> = { 15: '15 мин', 30: '30 мин', 60: '1 час' };

export const QUEUED_NOTICE = 'Нет связи: отметка сохранена на телефоне и отправится сама.';

type Mode = 'eta' | 'done' | 'failed' | null;

/** The hand-over's photo: uploaded (its file id), or kept on the phone to go with the action. */
type ChosenPhoto =
  { name: string; fileId: number; file?: undefined } | { name: string; file: File; fileId?: undefined };

/** Why a photo cannot go with the hand-over (the server's rules, checked before it is kept offline), or null. */
export function stopPhotoProblem(file: { type: string; size: number }): string | null {
  // The server judges by the bytes; a type the browser could not tell ('') is left to it.
  if (file.type !== '' && !/^image\/(jpeg|png|tiff|bmp)$/.test(file.type)) return courierMessages.photoType;
  if (file.size === 0) return 'Фото не прочиталось: сделайте его ещё раз';
  if (file.size > STOP_PHOTO_MAX_BYTES) return courierMessages.photoSize;
  return null;
}

export interface StopActionsProps {
  stop: CourierStop;
  onChanged: (stop: CourierStop) => void;
  /** A calm line above the actions: sent, or kept for later. */
  onNotice: (notice: string | null) => void;
}

/**
 * 'Еду' (15 мин / 30 мин / 1 час), 'Забрал' / 'Доставил' (the checklist, who, a photo) and 'Не застал'
 * (a reason). Each tap makes its key and time; the service worker keeps the call when there is no
 * network (ADR 0047).
 */
export function StopActions({ stop, onChanged, onNotice }: StopActionsProps) {
  const [mode, setMode] = useState<Mode>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** A 409: the stop changed meanwhile (cancelled, given to another courier, already marked): said calmly. */
  const [changed, setChanged] = useState<string | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // The panel opens below the buttons, at the foot of a long card: off screen (under the tab bar) on a phone.
  useEffect(() => {
    if (mode !== null) panelRef.current?.scrollIntoView({ block: 'nearest' });
  }, [mode]);

  const send = async (action: StopAction): Promise<boolean> => {
    setSending(true);
    setFailure(null);
    setChanged(null);
    onNotice(null);
    try {
      const outcome = await sendStopAction(stop.id, action, newActionKey(), new Date().toISOString());
      if (outcome.queued) onNotice(QUEUED_NOTICE);
      else {
        onNotice('Отправлено');
        onChanged(outcome.stop);
      }
      setMode(null);
      return true;
    } catch (caught) {
      const error = asApiError(caught);
      if (error.status === 409) {
        setChanged(error.message);
        useCourierRoute.getState().reload();
      } else setFailure(error.message);
      return false;
    } finally {
      setSending(false);
    }
  };

  const toggle = (next: Mode) => {
    setFailure(null);
    setMode((current) => (current === next ? null : next));
  };

  return (
    <div className={styles.actions}>
      <div className={styles.actionButtons}>
        <Button
          variant={mode === 'eta' ? 'primary' : 'secondary'}
          aria-expanded={mode === 'eta'}
          onClick={() => toggle('eta')}
        >
          Еду
        </Button>
        <Button
          variant={mode === 'done' ? 'primary' : 'secondary'}
          aria-expanded={mode === 'done'}
          onClick={() => toggle('done')}
        >
          {doneLabel(stop)}
        </Button>
        <Button
          variant={mode === 'failed' ? 'primary' : 'secondary'}
          aria-expanded={mode === 'failed'}
          onClick={() => toggle('failed')}
        >
          Не застал
        </Button>
      </div>
      {mode === null ? null : (
        <div ref={panelRef}>
          {mode === 'eta' ? (
            <fieldset className={styles.panel}>
              <legend>Когда будете на месте?</legend>
              <div className={styles.actionButtons}>
                {ETA_CHOICES.map((minutes) => (
                  <Button
                    key={minutes}
                    loading={sending}
                    onClick={() => void send({ type: 'en-route', etaMinutes: minutes })}
                  >
                    {ETA_LABELS[minutes]}
                  </Button>
                ))}
              </div>
            </fieldset>
          ) : null}
          {mode === 'done' ? <DoneForm stop={stop} sending={sending} onSend={send} /> : null}
          {mode === 'failed' ? <FailedForm sending={sending} onSend={send} /> : null}
        </div>
      )}
      <FormMessage tone="info">{changed}</FormMessage>
      <FormMessage tone="error">{failure}</FormMessage>
    </div>
  );
}

function DoneForm({
  stop,
  sending,
  onSend,
}: {
  stop: CourierStop;
  sending: boolean;
  onSend: (action: StopAction) => Promise<boolean>;
}) {
  const id = useId();
  const [collected, setCollected] = useState<Record<number, boolean>>(() =>
    Object.fromEntries(stop.instruments.map((instrument) => [instrument.id, true])),
  );
  const [person, setPerson] = useState('');
  const [personError, setPersonError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const [photoState, setPhotoState] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const personRef = useRef<HTMLInputElement>(null);
  const photoRef = useRef<HTMLInputElement>(null);
  const checklistRef = useRef<HTMLFieldSetElement>(null);
  const personLabel = stop.kind === 'pickup' ? 'Кто передал инструменты' : 'Кто принял инструменты';
  // Nothing ticked is no hand-over (the server refuses it too): said beside 'Подтвердить' while it holds.
  const noneTicked = !stop.instruments.some((instrument) => collected[instrument.id]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (noneTicked) {
      checklistRef.current?.querySelector('input')?.focus();
      return;
    }
    if (person.trim() === '') {
      setPersonError('Укажите, кто передал или принял инструменты');
      personRef.current?.focus();
      return;
    }
    setPersonError(null);
    void onSend({
      type: 'done',
      done: {
        instruments: stop.instruments.map((instrument) => ({
          id: instrument.id,
          collected: collected[instrument.id] ?? false,
        })),
        person: person.trim(),
        photoFileIds: photo?.fileId ? [photo.fileId] : [],
        photos: photo?.file ? [photo.file] : [],
      },
    });
  };

  const pickPhoto = async (file: File | undefined) => {
    setPhotoState(null);
    if (!file) return setPhoto(null);
    const problem = stopPhotoProblem(file);
    if (problem) {
      setPhoto(null);
      return setPhotoState(problem);
    }
    // No connection: the photo stays on the phone and goes with 'Подтвердить' (the outbox keeps both).
    const kept = { name: file.name, file };
    if (hasNoConnection()) return setPhoto(kept);
    setUploading(true);
    try {
      setPhoto({ name: file.name, fileId: await uploadStopPhoto(file) });
    } catch (caught) {
      const error = asApiError(caught);
      if (error.status === 0) setPhoto(kept);
      else setPhotoState(error.message);
    } finally {
      setUploading(false);
    }
  };

  const removePhoto = () => {
    setPhoto(null);
    setPhotoState(null);
    if (photoRef.current) photoRef.current.value = '';
  };

  return (
    <form className={styles.panel} onSubmit={submit} noValidate aria-label={doneLabel(stop)}>
      <HandOverChecklist
        ref={checklistRef}
        stop={stop}
        collected={collected}
        onTick={(instrumentId, ticked) => setCollected((current) => ({ ...current, [instrumentId]: ticked }))}
      />
      <div className={styles.field}>
        <label htmlFor={`${id}-person`}>{personLabel}</label>
        <input
          id={`${id}-person`}
          ref={personRef}
          className={styles.input}
          value={person}
          maxLength={120}
          autoComplete="off"
          aria-invalid={personError ? true : undefined}
          aria-describedby={personError ? `${id}-person-error` : undefined}
          onChange={(event) => setPerson(event.target.value)}
        />
        {personError ? (
          <span id={`${id}-person-error`} className={styles.error}>
            {personError}
          </span>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-photo`}>Фото (необязательно)</label>
        <FilePickButton
          id={`${id}-photo`}
          ref={photoRef}
          accept="image/jpeg,image/png"
          capture="environment"
          disabled={uploading}
          onChange={(event) => void pickPhoto(event.target.files?.[0])}
        >
          Сфотографировать
        </FilePickButton>
        {uploading ? <span className={styles.muted}>Загружаем фото…</span> : null}
        {photo ? (
          <span className={styles.photoChosen} data-testid="courier-done-photo">
            <span>{photo.name}</span>
            <span className={styles.muted}>
              {photo.file ? 'Фото сохранено на телефоне и отправится вместе с отметкой' : 'Фото приложено'}
            </span>
            <Button variant="link" onClick={removePhoto} aria-label={`Убрать фото ${photo.name}`}>
              Убрать
            </Button>
          </span>
        ) : null}
        {photoState ? <span className={styles.error}>{photoState}</span> : null}
      </div>
      {noneTicked ? (
        <output id={`${id}-none`} className={styles.error}>
          {noneHandedOverMessage(stop.kind)}
        </output>
      ) : null}
      <Button
        type="submit"
        loading={sending || uploading}
        block
        aria-describedby={noneTicked ? `${id}-none` : undefined}
      >
        Подтвердить
      </Button>
    </form>
  );
}

/** The hand-over's checklist: every instrument of the ticket, ticked when it changes hands. */
function HandOverChecklist({
  stop,
  collected,
  onTick,
  ref,
}: {
  stop: CourierStop;
  collected: Record<number, boolean>;
  onTick: (instrumentId: number, ticked: boolean) => void;
  ref: Ref<HTMLFieldSetElement>;
}) {
  return (
    <fieldset ref={ref} className={styles.checklist}>
      <legend>Инструменты по списку</legend>
      {stop.instruments.map((instrument) => (
        <label key={instrument.id} className={styles.check}>
          <input
            type="checkbox"
            checked={collected[instrument.id] ?? false}
            onChange={(event) => onTick(instrument.id, event.target.checked)}
          />
          <span>
            {instrumentDisplayName(instrument)},{' '}
            <span className={styles.serial}>
              №{'\u00A0'}
              {instrument.serial_number}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function FailedForm({ sending, onSend }: { sending: boolean; onSend: (action: StopAction) => Promise<boolean> }) {
  const id = useId();
  const [reason, setReason] = useState<StopFailReason | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason === null) {
      setError('Выберите причину');
      return;
    }
    if (reason === 'other' && comment.trim() === '') {
      setError('Опишите причину');
      commentRef.current?.focus();
      return;
    }
    setError(null);
    void onSend({ type: 'failed', failed: { reason, comment: comment.trim() } });
  };

  return (
    <form className={styles.panel} onSubmit={submit} noValidate aria-label="Не застал">
      <fieldset className={styles.checklist}>
        <legend>Причина</legend>
        {STOP_FAIL_REASONS.map((value) => (
          <label key={value} className={styles.check}>
            <input
              type="radio"
              name={`${id}-reason`}
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
            />
            <span>{STOP_FAIL_REASON_LABELS[value]}</span>
          </label>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={`${id}-comment`}>{reason === 'other' ? 'Комментарий (обязательно)' : 'Комментарий'}</label>
        <textarea
          id={`${id}-comment`}
          ref={commentRef}
          className={styles.input}
          rows={3}
          maxLength={500}
          value={comment}
          aria-invalid={error === 'Опишите причину' ? true : undefined}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" loading={sending} block>
        Подтвердить
      </Button>
    </form>
  );
}
