import { levelGives } from '#shared/screens/access-levels.ts';
import { Button } from '#client/components/ui/button.tsx';
import { RetryRow } from '#client/components/ui/retry-row.tsx';
import { useRemote } from '#client/lib/use-remote.ts';
import { fetchAccessOwners } from './api.ts';
import { useRepairSheet } from './repair-sheet-store.ts';

export const ON_BEHALF_TEXT = 'Оставить заявку от имени клиники';

/**
 * 'Оставить заявку от имени клиники' (issue 41) on the tickets list of a colleague: one button per
 * clinic whose level gives its tickets ('Заявки и согласования', 'Только заявки'), none for 'Счета'.
 * It opens the repair sheet for that clinic; the server checks the level again on the request.
 * Its own chunk: only an account some clinic gave access to loads it (the list's cold path stays as it was).
 */
export function OnBehalfButtons() {
  const owners = useRemote(fetchAccessOwners);
  const clinics = (owners.data ?? []).filter((owner) => levelGives(owner.level, 'tickets'));
  // While it loads the list is what matters: no placeholder for an extra button.
  if (owners.data === null)
    return (
      <RetryRow failure={owners.failure} onRetry={owners.reload} final={owners.finalFailure} loading={owners.loading} />
    );
  return clinics.map((clinic) => (
    <Button
      key={clinic.client_id}
      variant="secondary"
      onClick={() => useRepairSheet.getState().showFor({ id: clinic.client_id, company: clinic.company })}
    >
      {clinics.length > 1 ? `${ON_BEHALF_TEXT} «${clinic.company}»` : ON_BEHALF_TEXT}
    </Button>
  ));
}
