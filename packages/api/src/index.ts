export * from './errors.ts';
export * from './messages.ts';
export * from './user.ts';
export * from './site.ts';
export * from './pages.ts';
export * from './tournaments.ts';
export * from './admin.ts';
export * from './video.ts';
