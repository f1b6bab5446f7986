import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { EventPreview, type EventPreviewTab } from '../../../features/events/event-preview';
import { activeEventsAdapter, pastEventsAdapter } from '../../../features/events/api/admin-events';

export function PastEventPreviewPage() {
  const { key = '', tab = 'participants' } = useParams();
  return (
    <EventPreview
      adapter={pastEventsAdapter}
      eventKey={key}
      tab={tab as EventPreviewTab}
      tabs={['participants', 'board-results', 'details']}
      tabHref={(next) => paths.admin.pastEventPreview.getHref(key, next)}
      backHref={paths.admin.pastEvents.getHref()}
    />
  );
}

export function ActiveEventPreviewPage() {
  const { key = '', tab = 'participants' } = useParams();
  return (
    <EventPreview
      adapter={activeEventsAdapter}
      eventKey={key}
      tab={tab as EventPreviewTab}
      tabs={['participants', 'details']}
      tabHref={(next) => paths.admin.activeEventPreview.getHref(key, next)}
      backHref={paths.admin.activeEvents.getHref()}
    />
  );
}
