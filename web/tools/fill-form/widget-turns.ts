/**
 * Which way each field's text runs on screen. A field's words are turned by its widget's /MK /R
 * (anticlockwise, on the page) and by the page's /Rotate (clockwise, as it is shown): a field
 * turned a quarter shows as a tall narrow box, and a level input in it would cut its value off.
 * The field list (/api/form-fields) gives each widget's place but not its turn, so the turn is
 * read here from pdf.js's own reading of the page's widgets.
 */
import type { PDFDocumentProxy } from "pdfjs-dist";
import { useEffect, useState } from "react";
import type { PageRect } from "../../../schema/form-options";

/** Degrees clockwise, as CSS turns things. */
export type Turn = 0 | 90 | 180 | 270;

/** A widget as pdf.js reads it: its field, its place on the page as shown, and its turn. */
export interface TurnedWidget extends PageRect {
  name: string;
  turn: Turn;
}

export interface PageTurns {
  /** The page's own turn (its /Rotate): a widget pdf.js does not list takes it. */
  page: Turn;
  widgets: TurnedWidget[];
}

const NONE: PageTurns = { page: 0, widgets: [] };

/** The turn on screen of text drawn with the widget's `rotation` (/MK /R) on a page shown turned by `pageRotate`. */
export function screenTurn(pageRotate: number, widgetRotation: number): Turn {
  const t = (((pageRotate - widgetRotation) % 360) + 360) % 360;
  return (t % 90 === 0 ? t : 0) as Turn;
}

/**
 * The turn of one of the form's widgets: that of pdf.js's widget of the same field at the same
 * place (the nearest, within 2% of the page), else the page's own.
 */
export function turnOf(name: string, place: PageRect, turns: PageTurns): Turn {
  let best: TurnedWidget | undefined;
  let bestDistance = 0.02;
  for (const w of turns.widgets) {
    if (w.name !== name) continue;
    const distance = Math.max(
      Math.abs(w.x - place.x),
      Math.abs(w.y - place.y),
      Math.abs(w.width - place.width),
      Math.abs(w.height - place.height),
    );
    if (distance <= bestDistance) {
      best = w;
      bestDistance = distance;
    }
  }
  return best?.turn ?? turns.page;
}

interface WidgetAnnotation {
  subtype?: string;
  fieldName?: string;
  rect?: number[];
  rotation?: number;
}

/** pdf.js's widgets of page `n`, placed as fractions of the page as shown, with their turns. */
export async function readPageTurns(doc: PDFDocumentProxy, n: number): Promise<PageTurns> {
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale: 1 });
  const annotations = (await page.getAnnotations({ intent: "display" })) as WidgetAnnotation[];
  const widgets: TurnedWidget[] = [];
  for (const a of annotations) {
    if (a.subtype !== "Widget" || !a.rect || a.rect.length !== 4) continue;
    const [x1, y1] = viewport.convertToViewportPoint(a.rect[0], a.rect[1]) as number[];
    const [x2, y2] = viewport.convertToViewportPoint(a.rect[2], a.rect[3]) as number[];
    widgets.push({
      name: a.fieldName ?? "",
      x: Math.min(x1, x2) / viewport.width,
      y: Math.min(y1, y2) / viewport.height,
      width: Math.abs(x2 - x1) / viewport.width,
      height: Math.abs(y2 - y1) / viewport.height,
      turn: screenTurn(page.rotate, a.rotation ?? 0),
    });
  }
  return { page: screenTurn(page.rotate, 0), widgets };
}

/** The turns of page `n`'s widgets, once pdf.js has read them (none turned until then, or if it cannot). */
export function usePageTurns(doc: PDFDocumentProxy | null, n: number): PageTurns {
  const [turns, setTurns] = useState<PageTurns>(NONE);
  useEffect(() => {
    setTurns(NONE);
    if (!doc) return;
    let cancelled = false;
    readPageTurns(doc, n)
      .then((t) => !cancelled && setTurns(t))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [doc, n]);
  return turns;
}
