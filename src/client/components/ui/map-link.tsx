import { mapHref } from '#shared/screens/map-links.ts';

/** 'Открыть в картах': the checked point in the phone's own map app, in a new tab where it is a web map. */
export function MapLink({ coordinates, className }: { coordinates: string; className?: string }) {
  return (
    <a href={mapHref(coordinates, navigator.userAgent)} className={className} target="_blank" rel="noopener">
      Открыть в картах
    </a>
  );
}
