import { EventList, resultsLinkColumn } from '../../../features/events/event-list';
import { HistoryPanel } from '../../../features/events/history-panel';
import { TablesInPlay } from '../../../features/video/tables-in-play';
import { consoleEventLists } from './event-lists';

export function PastEventsPage() {
  return (
    <EventList
      {...consoleEventLists.past}
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
