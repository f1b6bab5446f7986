import { paths } from '../../config/paths';

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

/** The chat of a table: camera and microphone on or off, the table's label and channel. */
export const chatHref = paths.video.chat.getHref;

/** The join page; state 1 reuses the stored tournament, 2 says the user is already in the chat. */
export const joinHref = (query: { key?: string; state?: '1' | '2' }) => withQuery(paths.video.root.getHref(), query);

export const endHref = (key?: string) => withQuery(paths.video.end.getHref(), { state: '1', key });
