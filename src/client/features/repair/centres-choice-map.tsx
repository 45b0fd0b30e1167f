import { Marker, Popup } from 'react-leaflet';
import type { ServiceCentre } from '#shared/api/places.ts';
import { regionView } from '#shared/geo/service-centres.ts';
import { BaseMap, markerIcon } from '#client/components/map/base-map.tsx';
import { Button } from '#client/components/ui/button.tsx';
import styles from './repair.module.css';

export interface CentresChoiceMapProps {
  /** The centres this address may use. */
  centres: readonly ServiceCentre[];
  onChoose: (centreId: number) => void;
}

/** The service centres the address may use, on the map; a marker's card chooses its centre (leaflet chunk, portal.md §2.1 step 2). */
export function CentresChoiceMap({ centres, onChoose }: CentresChoiceMapProps) {
  const view = regionView(centres[0]?.region ?? '');
  return (
    <BaseMap center={view} zoom={view.zoom} label="Сервисные центры на карте">
      {centres.map((centre) => (
        <Marker
          key={centre.id}
          position={[centre.latitude, centre.longitude]}
          icon={markerIcon}
          title={centre.name}
          alt={centre.name}
        >
          <Popup>
            <div className={styles.centreChoice}>
              <strong>{centre.name}</strong>
              <span>
                {centre.city}, {centre.address}
              </span>
              <Button onClick={() => onChoose(centre.id)}>Выбрать</Button>
            </div>
          </Popup>
        </Marker>
      ))}
    </BaseMap>
  );
}
