// The bonus survey the quiz tests create through the integration API (server and e2e alike).

/** A survey of two questions, one choice and several choices, both with an own answer: 150 points. */
export const twoQuestionSurvey = (overrides: Record<string, unknown> = {}) => ({
  title: 'Как вам наш сервис?',
  minutes_count: 2,
  balls_count: 150,
  questions: [
    {
      title: 'Как вы о нас узнали?',
      type: 'radio-button',
      has_own: true,
      items: [{ title: 'От коллег' }, { title: 'В интернете' }],
    },
    {
      title: 'Что ремонтируете чаще?',
      type: 'checkbox',
      has_own: true,
      items: [{ title: 'Турбины' }, { title: 'Микромоторы' }, { title: 'Скейлеры' }],
    },
  ],
  ...overrides,
});
