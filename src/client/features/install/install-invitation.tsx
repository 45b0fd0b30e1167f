import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { NoticeCard } from '#client/components/ui/notice-card.tsx';
import { isInstallDismissed, rememberInstallDismissal } from './install-dismissal.ts';
import { promptInstall, useInstallPrompt } from './install-prompt.ts';
import { isIosSafari } from './ios-safari.ts';

export interface InstallInvitationProps {
  /** Already installed (standalone mode): nothing to invite to. */
  standalone: boolean;
}

/**
 * «Установите приложение на главный экран»: where the browser offers installing (Chromium's
 * beforeinstallprompt) a button opens its dialog; on iOS Safari, which offers none, a line says
 * where to tap. «Не сейчас» keeps it away for 30 days.
 */
export function InstallInvitation({ standalone }: InstallInvitationProps) {
  const promptEvent = useInstallPrompt((state) => state.promptEvent);
  const installed = useInstallPrompt((state) => state.installed);
  const [dismissed, setDismissed] = useState(isInstallDismissed);
  const [ios] = useState(isIosSafari);

  if (standalone || installed || dismissed || (!promptEvent && !ios)) return null;

  const dismiss = () => {
    rememberInstallDismissal();
    setDismissed(true);
  };
  const install = () => {
    void promptInstall().then((outcome) => {
      // The browser's own dialog was declined: that counts as «Не сейчас».
      if (outcome === 'dismissed') dismiss();
    });
  };

  return (
    <aside aria-label="Установка приложения">
      <NoticeCard
        id="install-invitation"
        title="Установите приложение на главный экран"
        actions={
          <>
            {promptEvent && <Button onClick={install}>Установить</Button>}
            <Button variant="secondary" onClick={dismiss}>
              Не сейчас
            </Button>
          </>
        }
      >
        {promptEvent
          ? 'Заявки и счета откроются в одно касание, прямо с главного экрана.'
          : 'Нажмите «Поделиться» и выберите «На экран „Домой“».'}
      </NoticeCard>
    </aside>
  );
}
