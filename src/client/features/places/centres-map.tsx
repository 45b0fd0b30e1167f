import { Marker, Popup } from 'react-leaflet';
import type { ServiceCentre } from '#shared/api/places.ts';
import { regionView } from '#shared/geo/service-centres.ts';
import { BaseMap, markerIcon } from '#client/components/map/base-map.tsx';
import { CentreCard } from './centre-card.tsx';
import styles from './places.module.css';

export interface CentresMapProps {
  centres: readonly ServiceCentre[];
  /** The region whose centre and zoom the map opens on (cabinet.md §3 region table). */
  region: string;
}

/** The service centres as markers, each opening its card (leaflet chunk). */
export function CentresMap({ centres, region }: CentresMapProps) {
  const view = regionView(region);
  return (
    <BaseMap
      key={region}
      center={view}
      zoom={view.zoom}
      label="Сервисные центры на карте"
      className={styles.centresMap}
    >
      {centres.map((centre) => (
        <Marker
          key={centre.id}
          position={[centre.latitude, centre.longitude]}
          icon={markerIcon}
          title={centre.name}
          alt={centre.name}
        >
          <Popup>
            <CentreCard centre={centre} compact />
          </Popup>
        </Marker>
      ))}
    </BaseMap>
  );
}
