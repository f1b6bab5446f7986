import type { FastifyReply } from 'fastify';

/** A file an answer carries: shown in the browser (`inline`) or saved (`attachment`) under its name. */
export interface AnsweredFile {
  type: string;
  disposition: 'inline' | 'attachment';
  name: string;
  /** Set when the answer's caching is decided here; left out, the answer has no cache-control header. */
  cacheControl?: string;
}

/** Answers the file's body with its type, its disposition and name, and its caching when given. */
export function sendFile(reply: FastifyReply, file: AnsweredFile, body: unknown) {
  reply.type(file.type);
  if (file.cacheControl) reply.header('cache-control', file.cacheControl);
  return reply.header('content-disposition', `${file.disposition}; filename="${file.name}"`).send(body);
}
