/** Names and addresses shown across the site. */
export const site = {
  name: 'Bridge Platform',
  tagline: 'Contract bridge tournaments, online and at the club',
  description:
    'Run and play contract bridge tournaments online, at the club or both at once: free Organizer and Player apps, video chat at the table and instant results.',
  /** The user guide of the apps, a separate site. */
  docsUrl: 'https://docs.bridgeplatform.org',
  /** Short tours of the apps for the product pages' heroes; empty until one is published. */
  videos: { player: '', organiser: '' },
} as const;

/**
 * The office shown on the contact page. One place to change when the address moves; the map is centred on
 * `latitude`/`longitude`.
 */
export const office = {
  addressLines: ['Bridge Platform', '14 Card Table Lane', 'London WC2H 9JQ', 'United Kingdom'],
  email: 'hello@bridgeplatform.org',
  phone: '+44 20 7946 0321',
  openingDays: 'Mon-Sun',
  openingHours: 'Open 24 hrs',
  latitude: 51.5136,
  longitude: -0.1281,
} as const;
