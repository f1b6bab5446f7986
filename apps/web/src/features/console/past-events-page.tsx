import { paths } from '../../config/paths';
import { EventList } from '../../components/events/event-list';
import { myPastEventsAdapter } from './api';
import { HistoryPanel } from './history-panel';

export function PastEventsPage() {
  return (
    <EventList
      adapter={myPastEventsAdapter}
      variant="pair"
      title="Bridge Results"
      description="Pair events you played in or organised, with their participants, board results and details."
      previewHref={(key) => paths.console.pastEventPreview.getHref(key)}
      intro={<HistoryPanel />}
      resultsColumn
    />
  );
}
