/** Names and addresses shown across the site. */
export const site = {
  name: 'Bridge Platform',
  tagline: 'Contract bridge tournaments, online and at the club',
  description:
    'Run and play contract bridge tournaments online, at the club or both at once: free Organizer and Player apps, video chat at the table and instant results.',
} as const;
