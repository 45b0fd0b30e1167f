import type L from 'leaflet';
import { useEffect, useState } from 'react';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import { regionView } from '#shared/screens/geo/service-centres.ts';
import { Button } from '#client/components/ui/button.tsx';
import { BaseMap, markerIcon } from '#client/components/map/base-map.tsx';
import styles from './address-map.module.css';

// The address form's map (leaflet + react-leaflet, this chunk only): it shows the chosen address; a
// tap on the map or a dragged marker picks a point, and 'Найти меня' the device's position. It is
// never the only way: the address field does everything without it.

export interface MapPoint {
  latitude: number;
  longitude: number;
}

export interface AddressMapProps {
  /** The chosen address's point; null before one is chosen. */
  point: MapPoint | null;
  /** A point the user picked on the map (tap, drag, 'Найти меня'). */
  onPick: (point: MapPoint) => void;
}

/** Zoom at a chosen address, and once the device's position is found (cabinet.md §9). */
const ADDRESS_ZOOM = 14;
const FOUND_ZOOM = 15;

function Follow({ point, zoom }: { point: MapPoint | null; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    // Without animation: a dialog closed mid-animation (saved at once) would leave leaflet's timer
    // moving panes that are gone (an uncaught '_leaflet_pos' error).
    if (point) map.setView([point.latitude, point.longitude], Math.max(map.getZoom(), zoom), { animate: false });
  }, [map, point, zoom]);
  return null;
}

function TapToPick({ onPick }: { onPick: (point: MapPoint) => void }) {
  useMapEvents({ click: (event) => onPick({ latitude: event.latlng.lat, longitude: event.latlng.lng }) });
  return null;
}

export function AddressMap({ point, onPick }: AddressMapProps) {
  const [locating, setLocating] = useState<'idle' | 'busy' | 'failed'>('idle');
  const [zoom, setZoom] = useState(ADDRESS_ZOOM);
  // Where the map opens, once: the address's point, else the central region.
  const [start] = useState(() => (point ? { ...point, zoom: ADDRESS_ZOOM } : regionView('Центральный')));

  const findMe = () => {
    if (!('geolocation' in navigator)) {
      setLocating('failed');
      return;
    }
    setLocating('busy');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating('idle');
        setZoom(FOUND_ZOOM);
        onPick({ latitude: position.coords.latitude, longitude: position.coords.longitude });
      },
      // Denied, unavailable or too slow: only noted (cabinet.md §8); the field still works.
      (error) => {
        console.info('geolocation:', error.code, error.message);
        setLocating('failed');
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  return (
    <div className={styles.frame}>
      <BaseMap center={start} zoom={start.zoom} label="Карта: нажмите, чтобы выбрать место">
        <TapToPick onPick={onPick} />
        <Follow point={point} zoom={zoom} />
        {point ? (
          <Marker
            position={[point.latitude, point.longitude]}
            icon={markerIcon}
            draggable
            title="Выбранный адрес"
            eventHandlers={{
              dragend: (event) => {
                const { lat, lng } = (event.target as L.Marker).getLatLng();
                onPick({ latitude: lat, longitude: lng });
              },
            }}
          />
        ) : null}
      </BaseMap>
      <div className={styles.toolbar}>
        <Button variant="secondary" onClick={findMe} loading={locating === 'busy'}>
          Найти меня
        </Button>
        <output className={styles.note}>
          {locating === 'failed' ? 'Не удалось определить местоположение. Выберите адрес в поле или на карте.' : ''}
        </output>
      </div>
    </div>
  );
}
