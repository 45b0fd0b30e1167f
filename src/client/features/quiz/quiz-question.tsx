import type { ReactNode } from 'react';
import type { QuizItem, QuizQuestion } from '#shared/screens/quizzes.ts';
import { CheckboxField } from '#client/components/ui/checkbox-field.tsx';
import { RadioGroup } from '#client/components/ui/radio-group.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { chooseItem, chooseOwn, typeOwn, type AnswerState } from './answer-rules.ts';
import styles from './quiz.module.css';

export const OWN_OPTION = 'Свой вариант';
/** The own option's value in the radio group: item ids are positive. */
const OWN = -1;

function ItemLabel({ item }: { item: QuizItem }): ReactNode {
  return (
    <span className={styles.item}>
      {item.image ? (
        <img className={styles.itemImage} src={item.image} alt="" width={56} height={56} loading="lazy" />
      ) : null}
      <span>{item.title}</span>
    </span>
  );
}

export interface QuizQuestionViewProps {
  question: QuizQuestion;
  state: AnswerState;
  onChange: (state: AnswerState) => void;
}

/** One question (portal.md §3 Question): its items as radios or checkboxes, and the own answer when it has one. */
export function QuizQuestionView({ question, state, onChange }: QuizQuestionViewProps) {
  const ownText = question.has_own ? (
    <TextField
      label="Свой вариант ответа"
      value={state.text}
      maxLength={1000}
      onChange={(event) => onChange(typeOwn(question, state, event.target.value))}
    />
  ) : null;

  if (question.type === 'radio-button') {
    const options = question.items.map((item) => ({ value: item.id, label: <ItemLabel item={item} /> }));
    if (question.has_own) options.push({ value: OWN, label: <span>{OWN_OPTION}</span> });
    return (
      <div className={styles.question}>
        <RadioGroup
          legend={question.title}
          name={`question-${question.id}`}
          options={options}
          value={state.own ? OWN : state.radio}
          onChange={(value) =>
            onChange(value === OWN ? chooseOwn(question, state) : chooseItem(question, state, value))
          }
          className={styles.choices}
        />
        {ownText}
      </div>
    );
  }

  return (
    <div className={styles.question}>
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>{question.title}</legend>
        {question.items.map((item) => (
          <CheckboxField
            key={item.id}
            label={<ItemLabel item={item} />}
            checked={state.checked.includes(item.id)}
            onChange={() => onChange(chooseItem(question, state, item.id))}
          />
        ))}
        {question.has_own ? (
          <CheckboxField label={OWN_OPTION} checked={state.own} onChange={() => onChange(chooseOwn(question, state))} />
        ) : null}
      </fieldset>
      {ownText}
    </div>
  );
}
