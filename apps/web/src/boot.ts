/**
 * The only script a prerendered page loads before the visitor does anything. Pages marked
 * `<html data-hydrate="interaction">` (content pages: home, about, app pages, privacy) are complete HTML with
 * working links, so the app is downloaded and hydrated on the first sign of use: a pointer move, touch, key,
 * focus or scroll. Every other page starts the app at once.
 *
 * A button clicked before the app is ready is not lost: the click is held and replayed on the same element
 * once hydration has finished (React keeps the prerendered DOM nodes). The cookie banner is shown here, as the
 * page loads, rather than by the app when it takes over, where it would appear under a press already under
 * way (docs/decisions/032).
 */
import { storageKeys } from './lib/storage-keys';

const HYDRATED_EVENT = 'bridge:hydrated';

const TRIGGERS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'] as const;

let started = false;
let hydrated = false;
let heldClick: HTMLElement | null = null;

function startApp(): void {
  if (started) return;
  started = true;
  for (const type of TRIGGERS) window.removeEventListener(type, startApp, { capture: true });
  void import('./main');
}

function holdClick(event: MouseEvent): void {
  if (hydrated || !(event.target instanceof Element)) return;
  // Links and native controls work without the app; buttons, and links marked data-needs-app, need its handlers.
  const button = event.target.closest<HTMLElement>('button, [role="button"], [data-needs-app]');
  if (!button) return;
  event.preventDefault();
  event.stopPropagation();
  heldClick = button;
  startApp();
}

/**
 * Text typed into a field before the app took the page over is on screen but not in the app's state (React
 * leaves the field's value alone when it hydrates). Each such field is replayed as one input event, the way a
 * browser reports typing: the value is set through the element's prototype setter so React sees a change.
 */
function replayTypedText(): void {
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('#root input, #root textarea')) {
    if (field.type === 'checkbox' || field.type === 'radio' || field.type === 'file' || field.value === field.defaultValue) continue;
    const typed = field.value;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    field.value = field.defaultValue;
    setter?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

window.addEventListener(
  HYDRATED_EVENT,
  () => {
    hydrated = true;
    // Marks the page as live (for styles and for the browser tests, which wait for it).
    document.documentElement.dataset.app = 'live';
    replayTypedText();
    document.removeEventListener('click', holdClick, { capture: true });
    const button = heldClick;
    heldClick = null;
    if (button?.isConnected) button.click();
  },
  { once: true },
);

/** Shows the prerendered cookie banner now, as the page loads, when the visitor has made no choice yet. */
function askConsentEarly(): void {
  let choice: string | null = null;
  try {
    choice = window.localStorage.getItem(storageKeys.cookieConsent);
  } catch {
    // Storage unavailable: no choice can have been stored.
  }
  if (choice !== 'accepted' && choice !== 'rejected') document.documentElement.dataset.askConsent = '';
}

if (document.getElementById('root')?.hasChildNodes()) {
  askConsentEarly();
  document.addEventListener('click', holdClick, { capture: true });
}
if (document.documentElement.dataset.hydrate === 'interaction') {
  for (const type of TRIGGERS) window.addEventListener(type, startApp, { capture: true, passive: true });
} else {
  startApp();
}

export {};
