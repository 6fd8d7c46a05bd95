import { onlineManager } from "@tanstack/react-query";

/** React marks each element it has taken over with a property of its own (`__reactFiber$...`). */
const takenOver = (el: Element | undefined) => !el || Object.keys(el).some((k) => k.startsWith("__reactFiber$"));

/** What answers a click: before React has taken it over, such a click would do nothing. */
const CONTROLS =
  'button, input, select, summary, label, [role="button"], [role="switch"], [role="checkbox"], [role="radio"], [role="combobox"], [role="tab"], [role="menuitem"]';
/** Where typing goes: React would not see text typed before it took the field over, and would keep its own value. */
const TEXT_FIELDS =
  'textarea, select, [contenteditable], input:not([type="file"], [type="checkbox"], [type="radio"], [type="button"], [type="submit"], [type="reset"], [type="range"], [type="color"])';

/** The file input in or nearest around where something was dropped. */
function fileInputNear(page: HTMLElement, target: EventTarget | null): HTMLInputElement | null {
  for (let el = target instanceof Element ? target : null; el && page.contains(el); el = el.parentElement) {
    const input = el.querySelector<HTMLInputElement>('input[type="file"]');
    if (input) return input;
  }
  return null;
}

/**
 * How the app takes over a page drawn at build time (web/main.tsx hydrates it). React takes the
 * header and footer first, then the route's part (a Suspense boundary of its own) when it is idle.
 * Until both are taken over:
 * - links work as links do (the skip link among them), and Tab reaches every control as it will
 *   afterwards; a click on a control (a mouse's, or Enter or Space on the focused one) is held and
 *   the last one made again once the app answers, so it is not lost; text fields alone are inert
 *   (typing would be lost);
 * - a file chosen meanwhile (through the drop zone's input, or dropped on the page) is handed to
 *   the app afterwards, one change event per file input that holds files;
 * - no query runs (react-query waits, as when offline): data arriving before the route's part is
 *   taken over (the footer asks for the site's settings) would make it differ from its drawing,
 *   and have it drawn afresh.
 * Returns what to call once React has shown the page (its first commit).
 */
export function holdUntilTakenOver(page: HTMLElement): () => void {
  const fields = [...page.querySelectorAll(TEXT_FIELDS)].filter((el) => !el.hasAttribute("inert"));
  for (const el of fields) el.toggleAttribute("inert", true);
  page.dataset.takingOver = "";
  let clicked: Element | undefined;
  const holdClick = (e: Event) => {
    const control = e.target instanceof Element ? e.target.closest(CONTROLS) : null;
    if (!control || !page.contains(control) || control.closest("a[href]")) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    clicked = control;
  };
  const holdChange = (e: Event) => e.stopImmediatePropagation();
  // A file dropped meanwhile would be opened by the browser in place of the page: it goes to the
  // nearest file input instead (the drop zone's), and is handed on with any chosen one below.
  const holdDrop = (e: DragEvent) => {
    if (!e.dataTransfer?.types.includes("Files")) return;
    e.preventDefault();
    if (e.type !== "drop") return;
    e.stopImmediatePropagation();
    const input = fileInputNear(page, e.target);
    if (input && e.dataTransfer.files.length) input.files = e.dataTransfer.files;
  };
  // On the document, capturing: before React's own listeners on the page, which it adds later.
  document.addEventListener("click", holdClick, true);
  page.addEventListener("change", holdChange, true);
  for (const type of ["dragover", "drop"] as const) document.addEventListener(type, holdDrop, true);
  onlineManager.setOnline(false);
  let started: number | undefined;
  const release = () => {
    document.removeEventListener("click", holdClick, true);
    page.removeEventListener("change", holdChange, true);
    for (const type of ["dragover", "drop"] as const) document.removeEventListener(type, holdDrop, true);
    for (const el of fields) el.removeAttribute("inert");
    delete page.dataset.takingOver;
    for (const input of page.querySelectorAll<HTMLInputElement>('input[type="file"]'))
      if (input.files?.length) input.dispatchEvent(new Event("change", { bubbles: true }));
    onlineManager.setOnline(navigator.onLine);
    // Made again as a click of its own: React's handlers run, and a label's reaches its input.
    if (clicked?.isConnected && clicked instanceof HTMLElement) clicked.click();
  };
  // React marks elements as it reaches them, in order: once the page's last one is marked, React
  // has finished with the route's part and, in the same task, put it on screen. Ten seconds at most.
  const last = () => [...(page.querySelector("main")?.querySelectorAll("*") ?? [])].at(-1);
  const check = () => {
    if (takenOver(last()) || performance.now() - (started ?? 0) > 10_000) release();
    else setTimeout(check, 25);
  };
  return () => {
    if (started !== undefined) return;
    started = performance.now();
    check();
  };
}
