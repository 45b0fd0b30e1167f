import { useEffect, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { setCookie } from '#client/lib/screens/cookies.ts';
import { ADBLOCK_COOKIE, ADBLOCK_DAYS } from './notice-cookies.ts';

/**
 * The ad-blocker notice (portal.md §2.3, §4.6): the site shows no ads, but a blocker may break it.
 * Opening it marks the browser for 7 days, whatever the user does then.
 */
export function AdblockNotice() {
  const [open, setOpen] = useState(true);
  useEffect(() => setCookie(ADBLOCK_COOKIE, ADBLOCK_DAYS), []);
  const close = () => setOpen(false);
  return (
    <Modal
      open={open}
      onClose={close}
      title="Отключите блокировщик рекламы"
      size="sm"
      describedBy="adblock-notice-text"
      footer={<Button onClick={close}>Хорошо, отключу</Button>}
    >
      <p id="adblock-notice-text">
        На нашем сайте нет рекламы, но блокировщик рекламы может мешать его работе: например, не давать отправить заявку
        или загрузить файлы. Пожалуйста, отключите его для этого сайта.
      </p>
    </Modal>
  );
}
