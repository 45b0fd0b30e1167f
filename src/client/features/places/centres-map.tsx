import type { ServiceCentre } from '#shared/screens/places.ts';
import { CentresMap as RegionCentresMap } from '#client/components/map/centres-map.tsx';
import { CentreCard } from './centre-card.tsx';
import styles from './places.module.css';

export interface CentresMapProps {
  centres: readonly ServiceCentre[];
  /** The region whose centre and zoom the map opens on (cabinet.md §3 region table). */
  region: string;
}

/** The service centres as markers, each opening its card (leaflet chunk). */
export function CentresMap({ centres, region }: CentresMapProps) {
  return (
    <RegionCentresMap
      key={region}
      centres={centres}
      region={region}
      className={styles.centresMap}
      popup={(centre) => <CentreCard centre={centre} compact />}
    />
  );
}
