import { paths } from '../../config/paths';
import { EventList } from '../../components/events/event-list';
import { activeEventsAdapter } from './api';

export function ActiveEventsPage() {
  return (
    <EventList
      adapter={activeEventsAdapter}
      variant="active"
      title="Active Events"
      description="Events that are running now, with their participants and details."
      previewHref={(key) => paths.admin.activeEventPreview.getHref(key)}
    />
  );
}
