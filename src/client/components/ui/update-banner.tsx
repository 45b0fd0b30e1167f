import { postponeUpdate, useUpdateStore } from '#client/lib/update-store.ts';
import { Button } from './button.tsx';
import { NoticeCard } from './notice-card.tsx';

/**
 * «Доступна новая версия»: shown while a new service worker waits (lib/sw-register.ts). The live
 * region stays mounted, so screen readers announce the notice when it appears.
 */
export function UpdateBanner() {
  const apply = useUpdateStore((state) => state.apply);
  const postponed = useUpdateStore((state) => state.postponed);
  const visible = apply !== null && !postponed;
  return (
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- A live region around block content (paragraphs, a link or buttons), which <output> may not hold.
    <div role="status" aria-live="polite">
      {visible && (
        <NoticeCard
          id="update-banner"
          title="Доступна новая версия"
          actions={
            <>
              <Button onClick={apply}>Обновить</Button>
              <Button variant="secondary" onClick={postponeUpdate}>
                Позже
              </Button>
            </>
          }
        >
          Обновите приложение, чтобы получить исправления и новые возможности.
        </NoticeCard>
      )}
    </div>
  );
}
