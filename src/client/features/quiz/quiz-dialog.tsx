import { useRef, useState } from 'react';
import type { Quiz } from '#shared/screens/quizzes.ts';
import { QUIZ_MESSAGES } from '#shared/screens/quizzes.ts';
import { BONUS_FORMS, MINUTE_FORMS, QUESTION_FORMS, countOf } from '#shared/format/plural.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { RemoteView } from '#client/components/ui/remote-view.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { asApiError } from '#client/lib/http.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import { answerOf, EMPTY_ANSWER, isAnswered, progressPercent, type AnswerState } from './answer-rules.ts';
import { fetchQuiz, sendAnswers } from './api.ts';
import { QuizQuestionView } from './quiz-question.tsx';
import styles from './quiz.module.css';

export const QUIT_QUESTION = 'Вы уверены, что хотите выйти?';

type Result = { state: 'credited'; balls: number } | { state: 'failed'; message: string; retry: boolean };

/** The intro (portal.md §2.7): the title, the counts of questions, points and minutes, and the start. */
function Intro({ quiz, onStart }: { quiz: Quiz; onStart: () => void }) {
  return (
    <div className={styles.intro}>
      {quiz.image ? <img className={styles.cover} src={quiz.image} alt="" /> : null}
      <ul className={styles.facts} aria-label="Об опросе">
        <li>{countOf(quiz.questions_count, QUESTION_FORMS)}</li>
        <li>
          <strong>+{countOf(quiz.balls_count, BONUS_FORMS)}</strong>
        </li>
        <li>{countOf(quiz.minutes_count, MINUTE_FORMS)}</li>
      </ul>
      <Button onClick={onStart} block>
        Начать
      </Button>
    </div>
  );
}

/** The thanks screen: shown whatever the answer (portal.md §8), with the points when they came. */
function Thanks({ result, onRetry, onClose }: { result: Result; onRetry: () => void; onClose: () => void }) {
  return (
    <div className={styles.thanks}>
      <p className={styles.thanksTitle}>{QUIZ_MESSAGES.thanks}</p>
      {result.state === 'credited' ? (
        <output className={styles.reward}>+{countOf(result.balls, BONUS_FORMS)}</output>
      ) : (
        <FormMessage tone="error">{result.message}</FormMessage>
      )}
      <div className={styles.actions}>
        {result.state === 'failed' && result.retry ? (
          <Button variant="secondary" onClick={onRetry}>
            Отправить ещё раз
          </Button>
        ) : null}
        <Button onClick={onClose}>Закрыть</Button>
      </div>
    </div>
  );
}

/**
 * The bonus survey popup (portal.md §2.7, §4.4): loaded as it opens; the intro, then one question at
 * a time with Назад / Далее, the percent and the counter; 'Завершить' sends the answers and the thanks
 * shows '+N бонусов'. Closing during the questions asks first. Unmounted on close: everything resets.
 */
export function QuizDialog({ onClose }: { onClose: () => void }) {
  const remote = useRemote(fetchQuiz);
  const quiz = remote.data;
  const [phase, setPhase] = useState<'intro' | 'questions' | 'thanks'>('intro');
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<number, AnswerState>>({});
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const headingRef = useRef<HTMLParagraphElement>(null);

  const requestClose = () => (phase === 'questions' ? setConfirming(true) : onClose());
  const question = quiz?.questions[index];
  const count = quiz?.questions.length ?? 0;
  const state = question ? (answers[question.id] ?? EMPTY_ANSWER) : EMPTY_ANSWER;
  const last = index === count - 1;

  const go = (to: number) => {
    setIndex(to);
    // The next question's heading is read first, and a keyboard user starts from it.
    setTimeout(() => headingRef.current?.focus({ preventScroll: true }), 0);
  };

  const finish = async () => {
    if (!quiz) return;
    setSending(true);
    try {
      const balls = await sendAnswers({
        quiz_id: quiz.id,
        answers: quiz.questions.map((each) => answerOf(each, answers[each.id] ?? EMPTY_ANSWER)),
      });
      setResult({ state: 'credited', balls });
    } catch (caught) {
      const error = asApiError(caught);
      setResult({ state: 'failed', message: error.message, retry: error.status === 0 || error.status >= 500 });
    } finally {
      setSending(false);
      setPhase('thanks');
    }
  };

  /** What the popup shows once the quiz came: the intro, a question or the thanks. */
  const step = (loaded: Quiz) => {
    if (phase === 'intro') return <Intro quiz={loaded} onStart={() => setPhase('questions')} />;
    if (phase === 'thanks' && result) return <Thanks result={result} onRetry={() => void finish()} onClose={onClose} />;
    if (!question) return null;
    const percent = progressPercent(index, count);
    return (
      <div className={styles.step}>
        <div className={styles.progressRow}>
          <p ref={headingRef} tabIndex={-1} className={styles.counter}>
            Вопрос {index + 1} из {count}
          </p>
          <span className={styles.percent}>{percent}%</span>
        </div>
        <progress className={styles.progress} aria-label="Пройдено" max={100} value={percent} />
        <QuizQuestionView
          key={question.id}
          question={question}
          state={state}
          onChange={(next) => setAnswers({ ...answers, [question.id]: next })}
        />
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => (index === 0 ? setPhase('intro') : go(index - 1))}
            disabled={sending}
          >
            Назад
          </Button>
          <Button
            onClick={() => (last ? void finish() : go(index + 1))}
            disabled={!isAnswered(question, state)}
            loading={sending}
          >
            {last ? 'Завершить' : 'Далее'}
          </Button>
        </div>
      </div>
    );
  };

  return (
    <>
      <Modal open onClose={requestClose} title={quiz?.title ?? 'Опрос'} size="md">
        <RemoteView
          remote={remote}
          retryClassName={styles.failed}
          retryActions={<Button onClick={onClose}>Закрыть</Button>}
          skeleton={
            <div className={styles.state}>
              <Spinner label="Загружаем опрос…" />
            </div>
          }
        >
          {step}
        </RemoteView>
      </Modal>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={QUIT_QUESTION}
        size="sm"
        footer={
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onClick={() => {
                setConfirming(false);
                onClose();
              }}
            >
              Выйти
            </Button>
            <Button onClick={() => setConfirming(false)}>Продолжить</Button>
          </div>
        }
      >
        <p className={styles.muted}>Ответы не сохранятся, а бонусы начисляются только за пройденный опрос.</p>
      </Modal>
    </>
  );
}
