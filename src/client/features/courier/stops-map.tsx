import L from 'leaflet';
import { useEffect, useState } from 'react';
import { CircleMarker, Marker, Popup, useMap } from 'react-leaflet';
import type { CourierStop } from '#shared/screens/courier.ts';
import { BaseMap } from '#client/components/map/base-map.tsx';
import styles from './stops-map.module.css';

// The day's stops on the map (the leaflet chunk, loaded when 'Карта' opens): a numbered marker for
// each stop with a checked point, and the courier's own position when the phone allows it.

const MOSCOW = { latitude: 55.7558, longitude: 37.6173 };

function point(coordinates: string | null): [number, number] | null {
  if (!coordinates) return null;
  const [lat, lon] = coordinates.split(',').map(Number);
  return Number.isFinite(lat) && Number.isFinite(lon) ? [lat!, lon!] : null;
}

function numberIcon(number: number, finished: boolean) {
  return L.divIcon({
    className: [styles.marker, finished ? styles.finished : ''].filter(Boolean).join(' '),
    html: `<span>${number}</span>`,
    iconSize: [32, 32],
    iconAnchor: [16, 16],
    popupAnchor: [0, -16],
  });
}

/** The phone's position while the map is shown; null when unknown or not allowed (the map works without). */
function useOwnPosition(): [number, number] | null {
  const [position, setPosition] = useState<[number, number] | null>(null);
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return undefined;
    const watch = navigator.geolocation.watchPosition(
      (found) => setPosition([found.coords.latitude, found.coords.longitude]),
      () => setPosition(null),
      { enableHighAccuracy: false, maximumAge: 60_000, timeout: 20_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, []);
  return position;
}

/** Frames every stop once they are known (and again when the day's points change). */
function FitStops({ points }: { points: [number, number][] }) {
  const map = useMap();
  const key = points.map((at) => at.join(',')).join(';');
  useEffect(() => {
    const framed = key === '' ? [] : key.split(';').map((at) => at.split(',').map(Number) as [number, number]);
    if (framed.length > 1) map.fitBounds(L.latLngBounds(framed), { padding: [32, 32], maxZoom: 15 });
  }, [map, key]);
  return null;
}

export function StopsMap({ stops, onOpen }: { stops: CourierStop[]; onOpen: (id: number) => void }) {
  const own = useOwnPosition();
  const placed = stops.flatMap((stop) => {
    const at = point(stop.address.coordinates);
    return at ? [{ stop, at }] : [];
  });
  const first = placed[0]?.at;
  const center = first ? { latitude: first[0], longitude: first[1] } : MOSCOW;
  return (
    <BaseMap center={center} zoom={placed.length > 0 ? 12 : 10} label="Остановки на карте" className={styles.map}>
      {placed.map(({ stop, at }) => (
        <Marker
          key={stop.id}
          position={at}
          icon={numberIcon(stop.number, stop.state === 'done' || stop.state === 'failed')}
          title={`${stop.number}. ${stop.clinic.name}`}
          alt={`${stop.number}. ${stop.clinic.name}`}
        >
          <Popup>
            <strong>
              {stop.number}. {stop.clinic.name}
            </strong>
            <br />
            {stop.address.address}
            <br />
            <button type="button" className={styles.open} onClick={() => onOpen(stop.id)}>
              Открыть остановку
            </button>
          </Popup>
        </Marker>
      ))}
      <FitStops points={placed.map(({ at }) => at)} />
      {own ? (
        <CircleMarker
          center={own}
          radius={8}
          pathOptions={{ color: '#fff', weight: 3, fillColor: '#1a73e8', fillOpacity: 1 }}
        >
          <Popup>Вы здесь</Popup>
        </CircleMarker>
      ) : null}
    </BaseMap>
  );
}
