import type { ReactNode } from 'react';
import { Marker, Popup } from 'react-leaflet';
import type { ServiceCentre } from '#shared/screens/places.ts';
import { regionView } from '#shared/screens/geo/service-centres.ts';
import { BaseMap, markerIcon } from './base-map.tsx';

export interface CentresMapProps {
  centres: readonly ServiceCentre[];
  /** The region whose centre and zoom the map opens on (cabinet.md §3 region table). */
  region: string;
  /** What a centre's marker opens. */
  popup: (centre: ServiceCentre) => ReactNode;
  className?: string;
}

/** The service centres as markers on the region's map, each opening `popup` (leaflet chunk). */
export function CentresMap({ centres, region, popup, className }: CentresMapProps) {
  const view = regionView(region);
  return (
    <BaseMap center={view} zoom={view.zoom} label="Сервисные центры на карте" className={className}>
      {centres.map((centre) => (
        <Marker
          key={centre.id}
          position={[centre.latitude, centre.longitude]}
          icon={markerIcon}
          title={centre.name}
          alt={centre.name}
        >
          <Popup>{popup(centre)}</Popup>
        </Marker>
      ))}
    </BaseMap>
  );
}
