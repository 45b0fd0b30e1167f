import { useState } from 'react';
import type { ProgrammeNotice } from '#shared/api/loyalty-programme.ts';
import { programmeText } from '#shared/screens/programme-text.ts';
import { CloseButton } from '#client/components/ui/button.tsx';
import styles from './programme-notice-bar.module.css';

/** Remembers a closed notice for the browser session; a new announcement (another date) shows again. */
const CLOSED_KEY = 'programme_notice_closed';
const noticeKey = (notice: NonNullable<ProgrammeNotice>) => `${notice.state}:${notice.ends_on ?? ''}:${notice.ended}`;

function closedBefore(key: string): boolean {
  try {
    return sessionStorage.getItem(CLOSED_KEY) === key;
  } catch {
    return false;
  }
}

function rememberClosed(key: string) {
  try {
    sessionStorage.setItem(CLOSED_KEY, key);
  } catch {
    // Storage refused (private mode): closed for this page only.
  }
}

export interface ProgrammeNoticeBarProps {
  notice: NonNullable<ProgrammeNotice>;
}

/** The slim notice of the programme's pause or end, with the Бонусы page's words; closable for the session. */
export function ProgrammeNoticeBar({ notice }: ProgrammeNoticeBarProps) {
  const key = noticeKey(notice);
  const [closed, setClosed] = useState(() => closedBefore(key));
  const text = programmeText(notice);
  if (closed || !text) return null;
  const close = () => {
    rememberClosed(key);
    setClosed(true);
  };
  return (
    <output className={styles.bar} data-programme-notice>
      <span className={styles.text}>{text}</span>
      <CloseButton aria-label="Закрыть уведомление о программе лояльности" onClick={close} />
    </output>
  );
}
