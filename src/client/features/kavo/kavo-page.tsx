import { useState } from 'react';
import { isKavoLinkResult, KAVO_LINK_RESULTS, KAVO_MESSAGES } from '#shared/screens/kavo.ts';
import { Page } from '#client/components/layout/page.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { MessageDialog } from '#client/components/ui/message-dialog.tsx';
import { ApiError } from '#client/lib/http.ts';
import { startKavoLink } from './api.ts';
import { IdentityList } from './identity-list.tsx';
import { ProfileSection } from './profile-section.tsx';
import { useKavoList } from './use-kavo-list.ts';
import styles from './kavo.module.css';

export interface KavoPageProps {
  /** How the last 'Привязать KAVO ID' ended (the callback's `?kavo=`; an unknown word is ignored). */
  result: string | undefined;
  /** The result was shown: the address loses it (a reload does not show it again). */
  onResultSeen: () => void;
  /** Sends the browser to the provider (a test replaces it). */
  goTo?: (url: string) => void;
}

const resultMessage = (result: string | undefined) =>
  !isKavoLinkResult(result)
    ? null
    : result === 'linked'
      ? { title: KAVO_LINK_RESULTS.linked }
      : { title: 'Ошибка', text: KAVO_LINK_RESULTS[result] };

/**
 * KAVO ID (cabinet.md §2 Provider identity page): the linked identities, 'Привязать KAVO ID', and
 * the open identity's profile. Without the KAVO_* settings it says so (the menu item stays).
 */
export function KavoPage({ result, onResultSeen, goTo = (url) => window.location.assign(url) }: KavoPageProps) {
  const list = useKavoList();
  const [chosen, setChosen] = useState<number>();
  const [linking, setLinking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const profiles = list.data?.profiles ?? [];
  const configured = list.data?.configured ?? true;
  const open = profiles.find((identity) => identity.kavo_id === chosen)?.kavo_id ?? profiles[0]?.kavo_id;

  const link = async () => {
    setLinking(true);
    try {
      goTo(await startKavoLink());
    } catch (caught) {
      setLinking(false);
      setFailure(caught instanceof ApiError && caught.status > 0 ? caught.message : KAVO_MESSAGES.failed);
    }
  };

  return (
    <Page
      title="KAVO ID"
      narrow
      lead="Аккаунты KAVO ID, привязанные к вашему личному кабинету."
      actions={
        list.data?.configured ? (
          <Button onClick={() => void link()} loading={linking}>
            Привязать KAVO ID
          </Button>
        ) : null
      }
    >
      {configured ? null : (
        <FormMessage tone="info">
          {KAVO_MESSAGES.notConfigured} Привязать аккаунт KAVO ID здесь пока нельзя; обратитесь в сервисный центр.
        </FormMessage>
      )}
      <section className={styles.section} aria-labelledby="kavo-list-title">
        <h2 id="kavo-list-title" className={styles.sectionTitle}>
          Привязанные аккаунты
        </h2>
        <IdentityList list={list} selectedId={open} onSelect={profiles.length > 1 ? setChosen : undefined} />
      </section>
      {open !== undefined && configured ? <ProfileSection key={open} kavoId={open} onSaved={list.reload} /> : null}
      <MessageDialog message={resultMessage(result)} onClose={onResultSeen} />
      <MessageDialog
        message={failure === null ? null : { title: 'Ошибка', text: failure }}
        onClose={() => setFailure(null)}
      />
    </Page>
  );
}
