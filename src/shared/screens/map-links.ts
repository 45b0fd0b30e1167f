// Links a phone opens in its own apps: the map at a checked point and the dialler.

/**
 * Where the phone's own map app opens the point ("lat,lon"): Android's `geo:` URI, Apple Maps on iOS
 * (which does not take `geo:`), else OpenStreetMap in the browser.
 */
export function mapHref(coordinates: string, userAgent: string): string {
  const [lat, lon] = coordinates.split(',');
  if (/iPhone|iPad|iPod/.test(userAgent)) return `https://maps.apple.com/?ll=${lat},${lon}&q=${lat},${lon}`;
  if (/Android/.test(userAgent)) return `geo:${lat},${lon}?q=${lat},${lon}`;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/** 'tel:' address of a phone as the back office writes it ('+7 (343) 222-33-44' → 'tel:+73432223344'). */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}
