import { paths } from '../../../config/paths';
import { EventList, resultsLinkColumn } from '../../../features/events/event-list';
import { myPastEventsAdapter } from '../../../features/events/api/my-events';
import { HistoryPanel } from '../../../features/events/history-panel';
import { TablesInPlay } from '../../../features/video/tables-in-play';

export function PastEventsPage() {
  return (
    <EventList
      adapter={myPastEventsAdapter}
      variant="pair"
      title="Bridge Results"
      description="Pair events you played in or organised, with their participants, board results and details."
      previewHref={(key) => paths.console.pastEventPreview.getHref(key)}
      intro={
        <>
          <TablesInPlay />
          <HistoryPanel />
        </>
      }
      columnsAfterName={[resultsLinkColumn]}
    />
  );
}
