import type { AlertPlace } from '@medical-qr/contracts';

type Coordinates = Extract<AlertPlace, { latitude: number }>;

export const isCoordinates = (place: AlertPlace): place is Coordinates => 'latitude' in place;

/** Five decimals: about a metre, as fine as a phone's position is worth. */
const fixed = (degrees: number) => degrees.toFixed(5);

/** The phone's position on OpenStreetMap: a pin on it, zoomed to the street. */
export function openStreetMapUrl({ latitude, longitude }: Coordinates): string {
  const lat = fixed(latitude);
  const lon = fixed(longitude);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/** How close the phone said it was: "within about 20 m", "within about 1.5 km". */
export function accuracyText(meters: number): string {
  if (meters < 1000) return `within about ${Math.max(1, Math.round(meters))} m`;
  return `within about ${Number((meters / 1000).toFixed(1))} km`;
}
