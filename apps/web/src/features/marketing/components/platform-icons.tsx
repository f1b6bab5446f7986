// Filled brand-neutral marks for the download tiles; decorative, the tile titles name the platform.
type P = { size?: number };

export const WindowsMark = ({ size = 28 }: P) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
    <path d="M3 5.2 10.4 4v7.3H3V5.2zM11.4 3.9 21 2.5v8.8h-9.6V3.9zM3 12.3h7.4v7.4L3 18.6v-6.3zM11.4 12.3H21v9.2l-9.6-1.4v-7.8z" />
  </svg>
);

export const AndroidMark = ({ size = 28 }: P) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
    <path d="M7.4 3.2a.5.5 0 0 1 .7.1l1.2 1.9A7 7 0 0 1 12 4.7c1 0 1.9.2 2.7.5l1.2-1.9a.5.5 0 1 1 .8.5l-1.1 1.8A6.5 6.5 0 0 1 18.5 11h-13a6.5 6.5 0 0 1 2.9-5.4L7.3 3.8a.5.5 0 0 1 .1-.6zM9 8.3a.8.8 0 1 0 0 1.6.8.8 0 0 0 0-1.6zm6 0a.8.8 0 1 0 0 1.6.8.8 0 0 0 0-1.6zM5.5 12h13v6.5a1.5 1.5 0 0 1-1.5 1.5h-1v2.2a1.3 1.3 0 0 1-2.6 0V20h-2.8v2.2a1.3 1.3 0 0 1-2.6 0V20H7a1.5 1.5 0 0 1-1.5-1.5V12zM3.3 12a1.3 1.3 0 0 1 1.2 1.3v4.4a1.3 1.3 0 0 1-2.5 0v-4.4A1.3 1.3 0 0 1 3.3 12zm17.4 0a1.3 1.3 0 0 1 1.3 1.3v4.4a1.3 1.3 0 0 1-2.5 0v-4.4a1.3 1.3 0 0 1 1.2-1.3z" />
  </svg>
);
