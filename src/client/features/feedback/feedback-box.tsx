import { useId, useState } from 'react';
import * as v from 'valibot';
import { FEEDBACK_MAX, FEEDBACK_MESSAGES, feedbackComment, sendProposal } from '#shared/api/feedback.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { TextareaField } from '#client/components/ui/textarea-field.tsx';
import { asApiError, callApi } from '#client/lib/http.ts';
import styles from './feedback.module.css';

/**
 * The feedback box (portal.md §2.6, §4.5): a suggestion of 10–300 characters from a logged-in clinic.
 * Up to 1399 px wide it opens with a click; wider screens show it at once. A guest is asked to log
 * in, with the field disabled; after a success the form stays disabled. In the footer of every page,
 * part of the start (small): loading it later would move the footer's links when it came.
 */
export function FeedbackBox({ loggedIn }: { loggedIn: boolean }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string>();
  const disabled = !loggedIn || done !== undefined;

  const send = async () => {
    const checked = v.safeParse(feedbackComment, comment);
    if (!checked.success) return setProblem(checked.issues[0]?.message);
    setProblem(undefined);
    setSending(true);
    try {
      setDone((await callApi(sendProposal, { input: { comment: checked.output } })).message);
    } catch (error) {
      setProblem(asApiError(error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className={styles.box} aria-labelledby={`${panelId}-title`}>
      <h2 id={`${panelId}-title`} className={styles.title}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          Предложить улучшение
        </button>
        <span className={styles.wideTitle}>Предложения по работе портала</span>
      </h2>
      <form
        id={panelId}
        className={styles.panel}
        hidden={!open}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        {loggedIn ? null : <FormMessage tone="info">{FEEDBACK_MESSAGES.guest}</FormMessage>}
        <TextareaField
          label="Ваше предложение"
          value={comment}
          maxLength={FEEDBACK_MAX}
          disabled={disabled}
          onChange={(event) => setComment(event.target.value)}
          error={problem}
        />
        {done ? <FormMessage tone="success">{done}</FormMessage> : null}
        <Button type="submit" disabled={disabled} loading={sending}>
          Отправить
        </Button>
      </form>
    </section>
  );
}
