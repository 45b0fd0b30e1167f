// The survey's calls (src/shared/screens/quizzes.ts).
import { getQuiz, sendQuiz, type Quiz, type QuizSubmission } from '#shared/screens/quizzes.ts';
import { callApi } from '#client/lib/http.ts';

export const fetchQuiz = async (signal?: AbortSignal): Promise<Quiz> => {
  const { success: _success, ...quiz } = await callApi(getQuiz, { signal });
  return quiz;
};

/** Sends the answers; the points credited. */
export const sendAnswers = async (submission: QuizSubmission): Promise<number> =>
  (await callApi(sendQuiz, { input: submission })).balls;
