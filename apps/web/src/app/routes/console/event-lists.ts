import { paths } from '../../../config/paths';
import type { EventListProps } from '../../../features/events/event-list';
import { myPastEventsAdapter, mySolitaireEventsAdapter } from '../../../features/events/api/my-events';

/** The user console's lists of the user's events: each page shows one. */
export const consoleEventLists = {
  past: {
    adapter: myPastEventsAdapter,
    variant: 'pair',
    title: 'Bridge Results',
    description: 'Pair events you played in or organised, with their participants, board results and details.',
    previewHref: (key) => paths.console.pastEventPreview.getHref(key),
  },
  solitaire: {
    adapter: mySolitaireEventsAdapter,
    variant: 'solitaire',
    title: 'Solitaire Events',
    description: 'View and manage all Solitaire events here',
    previewHref: (key) => paths.console.solitairePreview.getHref(key),
  },
} satisfies Record<string, EventListProps>;
