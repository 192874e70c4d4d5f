/** The city's streets (for saved addresses and locating them) and its centre. */

export const CENTER = { latitude: 37.8044, longitude: -122.2712 };

export interface Street {
  name: string;
  /** Where number 0 is, km north and east of the centre. */
  north: number;
  east: number;
}

const ROWS: Array<[string, number, number]> = [
  ['Alder St', -2.0, -3.0], ['Birch Ave', 1.5, -2.5], ['Cedar St', -1.0, 2.0], ['Dogwood Ln', 3.0, 1.0], ['Elm St', 0.5, 0.5],
  ['Fir Ct', -3.5, 0.0], ['Grand Ave', 2.0, 3.5], ['Harbor Blvd', -4.0, -1.5], ['Ivy Way', 4.0, -1.0], ['Juniper Rd', -2.5, 3.5],
  ['Lakeshore Dr', 1.0, 2.5], ['Market St', 0.0, -1.0], ['Oak St', -0.5, -2.0], ['Pine St', 2.5, -0.5], ['Quarry Rd', -3.0, -3.5],
  ['Redwood Ave', 3.5, 2.5], ['Spruce St', -1.5, -0.5], ['Telegraph Ave', 1.8, 0.2], ['Union St', -0.2, 1.2], ['Valley Rd', 4.5, 3.5],
  ['Willow St', -4.5, 2.0], ['Broadway', 0.8, -0.2],
];

export const STREETS: readonly Street[] = ROWS.map(([name, north, east]) => ({ name, north, east }));

/** The coordinates of a house number on a street (the street runs north-east from its number 0). */
export function geocode(street: Street, number: number): { latitude: number; longitude: number } {
  const north = street.north + ((number % 997) / 100) * 0.1;
  const east = street.east + ((number % 991) / 100) * 0.08;
  return { latitude: Math.round((CENTER.latitude + north / 111) * 1e5) / 1e5, longitude: Math.round((CENTER.longitude + east / 88) * 1e5) / 1e5 };
}
