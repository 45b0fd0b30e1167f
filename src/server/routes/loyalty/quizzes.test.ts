import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_MESSAGES, type Quiz } from '#shared/screens/quizzes.ts';
import { events } from '#server/db/schema/platform.ts';
import { pointsEntries, quizAnswers, quizzes } from '#server/db/schema/loyalty.ts';
import { balance } from '#server/services/loyalty/points.ts';
import { insertAccount, loginAs, primeCsrf } from '../../../../tests/setup/accounts.ts';
import { backOffice } from '../../../../tests/setup/back-office.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { answerOf, errorBody, jsonBody } from '../../../../tests/setup/json.ts';
import { twoQuestionSurvey as twoQuestions } from '../../../../tests/setup/quiz-fixtures.ts';
import { getUserData } from '#shared/api/account.ts';

// The bonus survey (portal.md §2.7, §4.4, §5; API.md §Loyalty programme): the back office makes a
// quiz, the newest active one is offered to a clinic that has not answered it, the answers are
// checked against the quiz and credit its points once, with one quiz.answered.

const onWhat = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite, serialised: the real race is on PostgreSQL';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function createQuiz(body: Record<string, unknown> = twoQuestions()): Promise<number> {
  const response = await t.integration('/quizzes', { method: 'POST', json: body });
  const answer = await jsonBody<{ id: number }>(response);
  expect(response.status, JSON.stringify(answer)).toBe(201);
  return answer.id;
}

async function clinic() {
  t.cookies.clear();
  const account = await insertAccount(t);
  expect((await loginAs(t, account.email)).status).toBe(200);
  return account;
}

const getQuiz = () => t.request('/ajax/cabinet/quiz/get');
const send = (body: unknown) => t.request('/ajax/cabinet/quiz/send', { method: 'POST', json: body });
const userData = async () => (await answerOf(getUserData, await t.request('/ajax/user/data'))).user;

async function offered(): Promise<Quiz> {
  const response = await getQuiz();
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body as Quiz;
}

/** A complete, valid set of answers to `twoQuestions()`: the second item, then the first check and an own answer. */
function goodAnswers(quiz: Quiz) {
  const [radio, checks] = quiz.questions;
  return {
    quiz_id: quiz.id,
    answers: [
      { question_id: radio!.id, results: [radio!.items[1]!.id] },
      { question_id: checks!.id, results: [checks!.items[0]!.id], own_answer: '  Эндодонтические моторы ' },
    ],
  };
}

async function written(clientId: number) {
  const answered = await t.db.select().from(events).where(eq(events.type, 'quiz.answered'));
  return {
    balance: await balance(t.db, clientId, t.deps.now()),
    entries: (await t.db.select().from(pointsEntries).where(eq(pointsEntries.clientId, clientId))).length,
    answers: (await t.db.select().from(quizAnswers).where(eq(quizAnswers.clientId, clientId))).length,
    events: answered.filter((event) => event.clientId === clientId).map((event) => event.payload),
  };
}

describe('POST /api/v1/quizzes and PATCH /api/v1/quizzes/{id}', () => {
  it.each([
    [{ questions: [] }, 'questions'],
    [{ balls_count: 0 }, 'balls_count'],
    [{ minutes_count: 'две' }, 'minutes_count'],
    [{ questions: [{ title: 'Без вариантов', type: 'radio-button', has_own: false, items: [] }] }, 'questions.0'],
    [{ questions: [{ title: 'Тип?', type: 'select', has_own: true }] }, 'questions.0.type'],
    [{ image_file_id: 999_999 }, 'image_file_id'],
  ])('refuses %j with 422 on %s in Russian and creates nothing', async (overrides, field) => {
    const before = (await t.db.select().from(quizzes)).length;
    const response = await t.integration('/quizzes', { method: 'POST', json: twoQuestions(overrides) });
    expect(response.status).toBe(422);
    expect((await errorBody(response)).errors[field]?.[0]).toMatch(/[А-Яа-яЁё]/);
    expect(await t.db.select().from(quizzes)).toHaveLength(before);
  });

  it('PATCH answers {id, changed}; an unknown quiz is 404; both need the token', async () => {
    const id = await createQuiz(twoQuestions({ active: false }));
    const patch = (body: unknown, quizId = id) => t.integration(`/quizzes/${quizId}`, { method: 'PATCH', json: body });
    expect(await (await patch({ active: true })).json()).toEqual({ id, changed: ['active'] });
    expect(await (await patch({ active: true })).json()).toEqual({ id, changed: [] });
    expect((await patch({ active: 'да' })).status).toBe(422);
    expect((await patch({ active: false }, 999_999)).status).toBe(404);
    expect((await t.integration('/quizzes', { method: 'POST', json: twoQuestions(), token: null })).status).toBe(401);
    await patch({ active: false });
  });
});

describe('the survey for the clinic', () => {
  it('offers the newest active quiz with its questions and pictures; answering credits it once and writes quiz.answered', async () => {
    const picture = await backOffice.file(t);
    const itemPicture = await backOffice.file(t);
    const body = twoQuestions();
    body.questions[0]!.items[0] = { title: 'От коллег', image_file_id: itemPicture.id } as never;
    const id = await createQuiz({ ...body, image_file_id: picture.id });
    const me = await clinic();

    expect((await userData())?.quiz_available).toBe(true);
    const quiz = await offered();
    expect(quiz).toMatchObject({
      id,
      title: 'Как вам наш сервис?',
      image: `/ajax/cabinet/files/${picture.id}`,
      minutes_count: 2,
      balls_count: 150,
      questions_count: 2,
    });
    expect(
      quiz.questions.map((question) => [
        question.title,
        question.type,
        question.has_own,
        question.items.map((item) => item.title),
      ]),
    ).toEqual([
      ['Как вы о нас узнали?', 'radio-button', true, ['От коллег', 'В интернете']],
      ['Что ремонтируете чаще?', 'checkbox', true, ['Турбины', 'Микромоторы', 'Скейлеры']],
    ]);
    expect(quiz.questions[0]!.items[0]!.image).toBe(`/ajax/cabinet/files/${itemPicture.id}`);
    // Survey pictures are public like the catalogue's: any logged-in clinic may load them.
    expect((await t.request(quiz.image!)).status).toBe(200);
    expect((await t.request(quiz.questions[0]!.items[0]!.image!)).status).toBe(200);

    const response = await send(goodAnswers(quiz));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, balls: 150, message: 'Спасибо за ответы!' });
    const after = await written(me.id);
    expect(after.balance).toBe(150);
    expect(after.events).toEqual([
      {
        client_id: me.id,
        quiz_id: id,
        answers: [
          { question_id: quiz.questions[0]!.id, results: [quiz.questions[0]!.items[1]!.id], own_answer: null },
          {
            question_id: quiz.questions[1]!.id,
            results: [quiz.questions[1]!.items[0]!.id],
            own_answer: 'Эндодонтические моторы',
          },
        ],
      },
    ]);

    // Answered: no longer offered, and a second send credits nothing.
    expect((await userData())?.quiz_available).toBe(false);
    const none = await getQuiz();
    expect(none.status).toBe(404);
    expect((await errorBody(none)).message).toBe(QUIZ_MESSAGES.none);
    const again = await send(goodAnswers(quiz));
    expect(again.status).toBe(409);
    expect((await errorBody(again)).message).toBe(QUIZ_MESSAGES.answered);
    expect(await written(me.id)).toEqual(after);
    await t.integration(`/quizzes/${id}`, { method: 'PATCH', json: { active: false } });
  });

  it(`20 parallel sends of the answers credit once (${onWhat})`, async () => {
    const id = await createQuiz();
    const me = await clinic();
    const quiz = await offered();
    const responses = await Promise.all(Array.from({ length: 20 }, () => send(goodAnswers(quiz))));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(19);
    expect(await written(me.id)).toMatchObject({ balance: 150, entries: 1, answers: 1 });
    expect((await written(me.id)).events).toHaveLength(1);
    await t.integration(`/quizzes/${id}`, { method: 'PATCH', json: { active: false } });
  });

  describe('answers checked against the quiz', () => {
    let quiz: Quiz;
    let me: { id: number };
    beforeAll(async () => {
      await createQuiz();
      me = await clinic();
      quiz = await offered();
    });

    const radio = () => quiz.questions[0]!;
    const checks = () => quiz.questions[1]!;
    const withAnswers = (answers: unknown[]) => ({ quiz_id: quiz.id, answers });
    const checkAnswer = { question_id: 0, results: [] as number[] };

    it.each([
      [
        'a missing question',
        () => withAnswers([{ question_id: radio().id, results: [radio().items[0]!.id] }]),
        'answers',
        QUIZ_MESSAGES.everyQuestion,
      ],
      [
        'a question of another quiz',
        () =>
          withAnswers([
            { question_id: radio().id, results: [radio().items[0]!.id] },
            { question_id: 999_999, results: [] },
          ]),
        'answers.1.question_id',
        QUIZ_MESSAGES.everyQuestion,
      ],
      [
        'an item of another question',
        () =>
          withAnswers([
            { question_id: radio().id, results: [checks().items[0]!.id] },
            { ...checkAnswer, question_id: checks().id, results: [checks().items[0]!.id] },
          ]),
        'answers.0.results',
        QUIZ_MESSAGES.unknownItem,
      ],
      [
        'two choices in a radio-button question',
        () =>
          withAnswers([
            { question_id: radio().id, results: radio().items.map((item) => item.id) },
            { question_id: checks().id, results: [checks().items[0]!.id] },
          ]),
        'answers.0.results',
        QUIZ_MESSAGES.oneChoice,
      ],
      [
        'a choice and an own answer in a radio-button question',
        () =>
          withAnswers([
            { question_id: radio().id, results: [radio().items[0]!.id], own_answer: 'И то и другое' },
            { question_id: checks().id, results: [checks().items[0]!.id] },
          ]),
        'answers.0.results',
        QUIZ_MESSAGES.oneChoice,
      ],
      [
        'a question left empty (a blank own answer is none)',
        () =>
          withAnswers([
            { question_id: radio().id, results: [], own_answer: '   ' },
            { question_id: checks().id, results: [checks().items[0]!.id] },
          ]),
        'answers.0.results',
        QUIZ_MESSAGES.noAnswer,
      ],
      [
        'an own answer that is too long',
        () =>
          withAnswers([
            { question_id: radio().id, results: [], own_answer: 'я'.repeat(1001) },
            { question_id: checks().id, results: [checks().items[0]!.id] },
          ]),
        'answers.0.own_answer',
        QUIZ_MESSAGES.ownTooLong,
      ],
      ['a quiz that does not exist', () => ({ quiz_id: 999_999, answers: [] }), 'quiz_id', QUIZ_MESSAGES.gone],
    ])('refuses %s with 422 in Russian and writes nothing', async (_name, body, field, message) => {
      const before = await written(me.id);
      const response = await send(body());
      expect(response.status).toBe(422);
      expect((await errorBody(response)).errors[field]).toEqual([message]);
      expect(await written(me.id)).toEqual(before);
    });

    it('takes an own answer alone in a radio-button question, and refuses one where the question has none', async () => {
      const noOwn = await createQuiz(
        twoQuestions({
          questions: [
            {
              title: 'Оцените скорость',
              type: 'radio-button',
              has_own: false,
              items: [{ title: 'Быстро' }, { title: 'Медленно' }],
            },
          ],
        }),
      );
      const plain = await offered();
      expect(plain.id).toBe(noOwn);
      const refused = await send({
        quiz_id: noOwn,
        answers: [{ question_id: plain.questions[0]!.id, results: [], own_answer: 'Средне' }],
      });
      expect(refused.status).toBe(422);
      expect((await errorBody(refused)).errors['answers.0.own_answer']).toEqual([QUIZ_MESSAGES.noOwn]);
      // Withdrawn: the earlier quiz is the newest active one again, and an own answer alone is an answer there.
      await t.integration(`/quizzes/${noOwn}`, { method: 'PATCH', json: { active: false } });
      expect((await offered()).id).toBe(quiz.id);
      const gone = await send({
        quiz_id: noOwn,
        answers: [{ question_id: plain.questions[0]!.id, results: [plain.questions[0]!.items[0]!.id] }],
      });
      expect(gone.status).toBe(422);
      expect((await errorBody(gone)).errors.quiz_id).toEqual([QUIZ_MESSAGES.gone]);
      const ok = await send(
        withAnswers([
          { question_id: radio().id, results: [], own_answer: 'На выставке' },
          { question_id: checks().id, results: [], own_answer: 'Наконечники' },
        ]),
      );
      expect(ok.status).toBe(200);
      expect((await written(me.id)).balance).toBe(150);
    });
  });

  it("refuses a guest's calls", async () => {
    t.cookies.clear();
    await primeCsrf(t);
    expect((await getQuiz()).status).toBe(401);
    expect((await send({ quiz_id: 1, answers: [] })).status).toBe(401);
  });
});
