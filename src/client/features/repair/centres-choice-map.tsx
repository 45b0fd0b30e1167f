import type { ServiceCentre } from '#shared/screens/places.ts';
import { CentresMap } from '#client/components/map/centres-map.tsx';
import { Button } from '#client/components/ui/button.tsx';
import styles from './repair.module.css';

export interface CentresChoiceMapProps {
  /** The centres this address may use. */
  centres: readonly ServiceCentre[];
  onChoose: (centreId: number) => void;
}

/** The service centres the address may use, on the map; a marker's card chooses its centre (leaflet chunk, portal.md §2.1 step 2). */
export function CentresChoiceMap({ centres, onChoose }: CentresChoiceMapProps) {
  return (
    <CentresMap
      centres={centres}
      region={centres[0]?.region ?? ''}
      popup={(centre) => (
        <div className={styles.centreChoice}>
          <strong>{centre.name}</strong>
          <span>
            {centre.city}, {centre.address}
          </span>
          <Button onClick={() => onChoose(centre.id)}>Выбрать</Button>
        </div>
      )}
    />
  );
}
