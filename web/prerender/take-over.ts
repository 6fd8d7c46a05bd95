import { onlineManager } from "@tanstack/react-query";
import { HELD_CONTROLS, HELD_FIELDS } from "../../schema/security-headers";

/** React marks each element it has taken over with a property of its own (`__reactFiber$...`). */
const takenOver = (el: Element | undefined) => !el || Object.keys(el).some((k) => k.startsWith("__reactFiber$"));

/** What answers a click: before React has taken it over, such a click would do nothing. */
const CONTROLS = HELD_CONTROLS;
/** Where typing goes: React would not see text typed before it took the field over, and would keep its own value. */
const TEXT_FIELDS = HELD_FIELDS;

/**
 * What names a control or file input on screen: if React draws the page afresh (a visitor whose
 * page differs from the drawing), the element held is replaced, and its successor is the one that
 * reads the same. Generated ids differ from one drawing to the next, so they do not count.
 */
function sameness(el: Element, withText: boolean): string {
  const attrs = ["data-testid", "role", "aria-label", "name", "type", "accept", "for"].map((a) => el.getAttribute(a));
  return [el.tagName, ...attrs, withText ? (el.textContent ?? "").trim().slice(0, 60) : ""].join("\u0000");
}

/** Where a held element stands: among the page's elements that read as it does, the how-manieth. */
interface Place {
  el: Element;
  selector: string;
  ordinals: [number, number];
}

/**
 * Whether a control that turns something on or off (a checkbox, a switch, a label of one, a
 * pressed button) is on, or undefined for any other control.
 */
function turnedOn(el: Element): boolean | undefined {
  const box =
    el instanceof HTMLInputElement
      ? el
      : el instanceof HTMLLabelElement
        ? el.control
        : el.querySelector('input[type="checkbox"], input[type="radio"]');
  if (box instanceof HTMLInputElement && (box.type === "checkbox" || box.type === "radio")) return box.checked;
  const aria = el.getAttribute("aria-checked") ?? el.getAttribute("aria-pressed");
  return aria === null ? undefined : aria === "true";
}

/** The attributes by which a switch, checkbox or toggle button shows itself on or off. */
const TURNED_ATTRIBUTES = ["data-state", "aria-checked", "aria-pressed"];
/** What such an attribute said: on, off, or nothing of the kind. */
const saysOn = (value: string | null) =>
  value === "checked" || value === "true" ? true : value === "unchecked" || value === "false" ? false : undefined;
/**
 * How long a person takes to see a control change and act on it: a press this soon after the app
 * turned a control was meant for what the control showed before.
 */
const SEEING_MS = 500;

/** The page's elements of `selector` that read as `el` does, in page order. */
function alike(page: HTMLElement, selector: string, el: Element, withText: boolean): Element[] {
  const key = sameness(el, withText);
  return [...page.querySelectorAll(selector)].filter((e) => sameness(e, withText) === key);
}

function placeOf(page: HTMLElement, el: Element, selector: string): Place {
  const ordinal = (withText: boolean) => alike(page, selector, el, withText).indexOf(el);
  return { el, selector, ordinals: [ordinal(true), ordinal(false)] };
}

/** The held element, or what React drew in its place: the same words first, else the same kind in the same place. */
function now(page: HTMLElement, place: Place): Element | undefined {
  if (place.el.isConnected) return place.el;
  for (const [i, withText] of [true, false].entries()) {
    const found = alike(page, place.selector, place.el, withText)[place.ordinals[i]];
    if (found) return found;
  }
  return undefined;
}

type EarlyClick = { control: Element; on: boolean | undefined };
type EarlyInput = { drop: EventListener; click: EventListener };

/**
 * Removes the page's own first listeners, for dropped files and clicks (schema/security-headers.ts,
 * EARLY_INPUT_SCRIPT): from here on the app, or the take-over below, decides what they do. Returns
 * the click they held, if any.
 */
export function stopEarlyInput(): EarlyClick | undefined {
  const w = window as { __earlyInput?: EarlyInput; __earlyClick?: EarlyClick };
  const early = w.__earlyInput;
  const click = w.__earlyClick;
  delete w.__earlyInput;
  delete w.__earlyClick;
  if (early) {
    for (const type of ["dragover", "drop"]) document.removeEventListener(type, early.drop, true);
    document.removeEventListener("click", early.click, true);
  }
  return click;
}

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
 *   the last one made again once the app answers, so it is not lost (unless it turned a switch
 *   or checkbox the app has since shown turned as the click meant; a press within half a second
 *   of the app turning a control, as a switch drawn off that shows the visitor's setting on, was
 *   meant for what it showed before); text fields alone are inert
 *   (typing would be lost);
 * - a file chosen meanwhile (through the drop zone's input, or dropped on the page) is handed to
 *   the app afterwards, one change event per file input that was given files;
 * - should React draw the page afresh rather than take the drawing over (a visitor whose page
 *   differs from it), the click and the files go to the elements drawn in place of those held;
 * - no query runs (react-query waits, as when offline): data arriving before the route's part is
 *   taken over (the footer asks for the site's settings) would make it differ from its drawing,
 *   and have it drawn afresh.
 * Returns what to call once React has shown the page (its first commit).
 */
export function holdUntilTakenOver(page: HTMLElement): () => void {
  // Made inert as the page was read (APP_AFTER_PAINT_SCRIPT, marked data-held), or now.
  const fields = [...page.querySelectorAll(TEXT_FIELDS)].filter(
    (el) => !el.hasAttribute("inert") || el.hasAttribute("data-held"),
  );
  for (const el of fields) el.toggleAttribute("inert", true);
  page.dataset.takingOver = "";
  let clicked: (Place & { on: boolean | undefined }) | undefined;
  // When the app turned each control meanwhile (a switch drawn off that it shows on, the visitor's
  // own setting), and what it showed before.
  const turned = new WeakMap<Element, { at: number; was: boolean }>();
  const watch = new MutationObserver((records) => {
    for (const { target, attributeName, oldValue } of records) {
      const was = saysOn(oldValue);
      if (!(target instanceof Element) || !attributeName || was === undefined) continue;
      if (saysOn(target.getAttribute(attributeName)) !== was) turned.set(target, { at: performance.now(), was });
    }
  });
  watch.observe(page, { subtree: true, attributeFilter: TURNED_ATTRIBUTES, attributeOldValue: true });
  /** File inputs that were given files meanwhile, with what they were given. */
  const chosen = new Map<HTMLInputElement, { place: Place; files: FileList }>();
  const hold = (input: HTMLInputElement) => {
    if (input.files?.length)
      chosen.set(input, { place: placeOf(page, input, 'input[type="file"]'), files: input.files });
  };
  // Chosen (or dropped, EARLY_INPUT_SCRIPT) before this script ran: the input holds them, unheard.
  for (const input of page.querySelectorAll<HTMLInputElement>('input[type="file"]')) hold(input);
  const holdClick = (e: Event) => {
    const control = e.target instanceof Element ? e.target.closest(CONTROLS) : null;
    if (!control || !page.contains(control) || control.closest("a[href]")) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    // A box clicked itself reads as already turned while its click is under way (the browser puts
    // it back once the click is cancelled): it was the other way.
    const box = e.target instanceof HTMLInputElement && e.target === control ? e.target : null;
    const on = box?.type === "checkbox" ? !box.checked : box?.type === "radio" ? false : turnedOn(control);
    // Turned by the app a moment ago: the person saw it the other way, and pressed for that.
    const change = turned.get(control);
    const seen = change && performance.now() - change.at < SEEING_MS ? change.was : on;
    clicked = { ...placeOf(page, control, CONTROLS), on: on === undefined ? undefined : seen };
  };
  const holdChange = (e: Event) => {
    e.stopImmediatePropagation();
    if (e.target instanceof HTMLInputElement && e.target.type === "file") hold(e.target);
  };
  // A file dropped meanwhile would be opened by the browser in place of the page: it goes to the
  // nearest file input instead (the drop zone's), and is handed on with any chosen one below.
  const holdDrop = (e: DragEvent) => {
    if (!e.dataTransfer?.types.includes("Files")) return;
    e.preventDefault();
    if (e.type !== "drop") return;
    e.stopImmediatePropagation();
    const input = fileInputNear(page, e.target);
    if (input && e.dataTransfer.files.length) {
      input.files = e.dataTransfer.files;
      hold(input);
    }
  };
  // On the document, capturing: before React's own listeners on the page, which it adds later.
  document.addEventListener("click", holdClick, true);
  page.addEventListener("change", holdChange, true);
  for (const type of ["dragover", "drop"] as const) document.addEventListener(type, holdDrop, true);
  // A click made before this script ran, held by the page's own first listener.
  const early = stopEarlyInput();
  if (early && page.contains(early.control))
    clicked = { ...placeOf(page, early.control, CONTROLS), on: early.on ?? turnedOn(early.control) };
  onlineManager.setOnline(false);
  let started: number | undefined;
  const release = () => {
    watch.disconnect();
    document.removeEventListener("click", holdClick, true);
    page.removeEventListener("change", holdChange, true);
    for (const type of ["dragover", "drop"] as const) document.removeEventListener(type, holdDrop, true);
    for (const el of fields) {
      el.removeAttribute("inert");
      el.removeAttribute("data-held");
    }
    delete page.dataset.takingOver;
    for (const { place, files } of chosen.values()) {
      const input = now(page, place);
      if (!(input instanceof HTMLInputElement)) continue;
      if (input !== place.el) input.files = files;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
    onlineManager.setOnline(navigator.onLine);
    // Made again as a click of its own: React's handlers run, and a label's reaches its input. A
    // switch drawn off that the app then shows on (the visitor's own setting) was pressed to be on:
    // it already is, and a second press would turn it off again.
    const control = clicked && now(page, clicked);
    const done = clicked?.on !== undefined && control && turnedOn(control) !== clicked.on;
    if (control instanceof HTMLElement && !done) control.click();
  };
  // React marks elements as it reaches them, in order: once the page's last one is marked, React
  // has been through the route's part. It marks while it draws, and may still yield before it puts
  // the part on screen and runs its effects (a switch's handlers start there): the release waits
  // for the browser's next idle moment, which comes only once React has no work left queued (half
  // a second at most; where the browser has no idle callback, 50 ms). Ten seconds at most in all.
  const last = () => [...(page.querySelector("main")?.querySelectorAll("*") ?? [])].at(-1);
  let releasing = false;
  const check = () => {
    if (releasing) return;
    if (performance.now() - (started ?? 0) > 10_000) release();
    else if (!takenOver(last())) setTimeout(check, 25);
    else {
      releasing = true;
      if (typeof requestIdleCallback === "function") requestIdleCallback(release, { timeout: 500 });
      else setTimeout(release, 50);
    }
  };
  return () => {
    if (started !== undefined) return;
    started = performance.now();
    check();
  };
}
