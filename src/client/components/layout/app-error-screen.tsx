import { useEffect } from 'react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { buttonClassName } from '#client/components/ui/button.tsx';
import { isChunkLoadError, recoverFromChunkError, useChunkFailure } from '#client/lib/chunk-reload.ts';
import { useOnReconnect } from '#client/lib/connection.ts';
import { reportError } from '#client/lib/error-reporter.ts';
import { useDocumentTitle } from './page.tsx';
import styles from './status-screens.module.css';

function reloadPage(): void {
  window.location.reload();
}

const retryChunk = () => void recoverFromChunkError();
const noop = () => undefined;

/**
 * The router's error boundary. A chunk that failed to load (usually: a deploy replaced it) reloads
 * the app once; if that did not help, or for any other error, the user gets a Russian message and a
 * reload button instead of a blank page.
 */
export function AppErrorScreen({ error }: Pick<ErrorComponentProps, 'error'>) {
  const chunkState = useChunkFailure((state) => state.state);
  // After a cancelled vite:preloadError the import resolves to nothing, so the error seen here may be
  // a TypeError: the chunk state, not the message, says what happened.
  const chunkError = chunkState !== 'none' || isChunkLoadError(error);

  useEffect(() => {
    if (chunkError && chunkState === 'none') void recoverFromChunkError();
  }, [chunkError, chunkState]);
  // The server unreachable when the chunk failed: asked again, and reloaded, once it can be reached.
  useOnReconnect(chunkState === 'offline' ? retryChunk : noop);
  // A chunk gone after a deploy is expected and handled; anything else is a bug to look into.
  useEffect(() => {
    if (!chunkError) reportError('render', error);
  }, [chunkError, error]);

  if (chunkState === 'offline') {
    return (
      <section className={styles.screen}>
        <output className={styles.text}>Нет связи с сервером. Страница загрузится, когда появится связь.</output>
        <button type="button" className={buttonClassName('secondary')} onClick={retryChunk}>
          Повторить
        </button>
      </section>
    );
  }
  if (chunkError && chunkState !== 'failed') {
    return <output className={styles.text}>Загружаем новую версию приложения…</output>;
  }
  return <ErrorMessage chunk={chunkError} />;
}

function ErrorMessage({ chunk }: { chunk: boolean }) {
  const title = chunk ? 'Не удалось загрузить страницу' : 'Что-то пошло не так';
  useDocumentTitle(title);
  return (
    <section className={styles.screen} role="alert" aria-labelledby="app-error-title">
      <h1 id="app-error-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.text}>
        {chunk
          ? 'Возможно, вышла новая версия приложения или пропало соединение. Обновите страницу.'
          : 'Обновите страницу. Если ошибка повторится, попробуйте позже.'}
      </p>
      <button type="button" className={buttonClassName('primary')} onClick={reloadPage}>
        Обновить страницу
      </button>
    </section>
  );
}
