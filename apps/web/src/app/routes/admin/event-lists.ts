import { paths } from '../../../config/paths';
import type { EventListProps } from '../../../features/events/event-list';
import { activeEventsAdapter, pastEventsAdapter, solitaireEventsAdapter } from '../../../features/events/api/admin-events';

/** The admin console's lists of events: each page shows one. */
export const adminEventLists = {
  active: {
    adapter: activeEventsAdapter,
    variant: 'pair',
    title: 'Active Events',
    description: 'Events that are running now, with their participants and details.',
    previewHref: (key) => paths.admin.activeEventPreview.getHref(key),
  },
  past: {
    adapter: pastEventsAdapter,
    variant: 'pair',
    title: 'Past Events',
    description: 'Finished pair events with their participants, board results and XML downloads.',
    previewHref: (key) => paths.admin.pastEventPreview.getHref(key),
  },
  // No preview route: a row's Preview says solitaire previews are coming to the admin console.
  solitaire: {
    adapter: solitaireEventsAdapter,
    variant: 'solitaire',
    title: 'Solitaire Events',
    description: 'View and manage all Solitaire events here',
  },
} satisfies Record<string, EventListProps>;
