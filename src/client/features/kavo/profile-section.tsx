import { KAVO_MESSAGES } from '#shared/screens/kavo.ts';
import { RemoteView } from '#client/components/ui/remote-view.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ApiError } from '#client/lib/http.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import { fetchKavoProfile } from './api.ts';
import { ProfileForm } from './profile-form.tsx';
import styles from './kavo.module.css';

/** What a failed profile load says: the spec's text for a missing or refused token, else the server's. */
async function loadProfile(kavoId: number, signal: AbortSignal) {
  try {
    return await fetchKavoProfile(kavoId, signal);
  } catch (caught) {
    if (caught instanceof ApiError && caught.status !== 502 && caught.status > 0) throw caught;
    throw new ApiError(KAVO_MESSAGES.loadFailed, caught instanceof ApiError ? caught.status : 0);
  }
}

/** The open identity's profile, read from KAVO ID (cabinet.md §2 Provider identity page). */
export function ProfileSection({ kavoId, onSaved }: { kavoId: number; onSaved: () => void }) {
  const profile = useRemote((signal) => loadProfile(kavoId, signal), kavoId);
  return (
    <section className={styles.section} aria-labelledby="kavo-profile-title">
      <h2 id="kavo-profile-title" className={styles.sectionTitle}>
        Профиль
      </h2>
      {/* Only this identity's profile: another's form never stands in while this one loads or fails. */}
      <RemoteView
        remote={profile}
        keepLastData={false}
        skeleton={
          <div className={styles.form} aria-busy="true" aria-label="Загрузка профиля">
            {[0, 1, 2, 3, 4].map((row) => (
              <Skeleton key={row} shape="rect" height="3.25rem" />
            ))}
          </div>
        }
      >
        {(data) => <ProfileForm key={data.kavo_id} profile={data} onSaved={onSaved} />}
      </RemoteView>
    </section>
  );
}
