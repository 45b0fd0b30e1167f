import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useMemo, useState, type ReactNode } from 'react';
import { AttributionControl, MapContainer, TileLayer } from 'react-leaflet';
import { fetchMapSettings } from '#client/lib/screens/places-api.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import styles from './base-map.module.css';

// What every map of the portal shares (leaflet + react-leaflet, in the map chunks only): the tiles
// and attribution of MAP_TILES_URL, a fixed height so nothing moves when it comes, and a marker drawn
// in CSS (leaflet's default icon images do not survive bundling).

export const markerIcon = L.divIcon({
  className: styles.marker ?? '',
  iconSize: [28, 28],
  iconAnchor: [14, 28],
  popupAnchor: [0, -26],
});

interface Tiles {
  tilesUrl: string;
  attribution: string;
}

/** No tiles: the markers still show on a plain background, and the lists still work. */
const NO_TILES: Tiles = { tilesUrl: '', attribution: '' };

// One question per page for every map on it: the settings do not change while the page is open.
let settings: Promise<Tiles> | undefined;

function loadTiles(): Promise<Tiles> {
  settings ??= fetchMapSettings().catch((error: unknown) => {
    settings = undefined; // the next map asks again
    throw error;
  });
  return settings.catch(() => NO_TILES);
}

/** The tiles' address (null until known); useRemote drops an answer that comes after the map is gone. */
const useTiles = () => useRemote(loadTiles).data;

export interface BaseMapProps {
  center: { latitude: number; longitude: number };
  zoom: number;
  /** What the map is for, read by screen readers. */
  label: string;
  className?: string;
  children?: ReactNode;
}

/**
 * Whether the map has a picture: false once tiles fail before any loaded (a tile server that is
 * down or blocked), or when there is no tile address at all. One loaded tile is enough: a few
 * missing ones at the edge are not worth a notice.
 */
function useTilesShown(tiles: { tilesUrl: string } | null) {
  const [state, setState] = useState<'waiting' | 'loaded' | 'failed'>('waiting');
  const handlers = useMemo(
    () => ({
      tileload: () => setState('loaded'),
      tileerror: () => setState((current) => (current === 'loaded' ? current : 'failed')),
    }),
    [],
  );
  const unavailable = (tiles !== null && tiles.tilesUrl === '') || state === 'failed';
  return { unavailable, handlers };
}

export function BaseMap({ center, zoom, label, className, children }: BaseMapProps) {
  const tiles = useTiles();
  const { unavailable, handlers } = useTilesShown(tiles);
  return (
    <MapContainer
      center={[center.latitude, center.longitude]}
      zoom={zoom}
      className={[styles.map, className].filter(Boolean).join(' ')}
      attributionControl={false}
      aria-label={label}
    >
      <AttributionControl prefix="Leaflet" />
      {tiles?.tilesUrl ? (
        <TileLayer url={tiles.tilesUrl} attribution={tiles.attribution} eventHandlers={handlers} />
      ) : null}
      {unavailable ? <output className={styles.unavailable}>Карта недоступна</output> : null}
      {children}
    </MapContainer>
  );
}
