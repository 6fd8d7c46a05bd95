import type { PDFDocumentProxy } from "pdfjs-dist";
import { useEffect, useState } from "react";
import { useT } from "../../i18n/provider";
import { toast } from "../../ui/toaster";
import { copyToPages, type Placed, placeAt } from "./placement";

const A4 = 1 / Math.SQRT2;

/** Each page's width / height as a reader shows it (turn and crop box applied), read without drawing. */
export async function pageRatios(doc: PDFDocumentProxy): Promise<number[]> {
  const out: number[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const v = page.getViewport({ scale: 1 });
    out.push(v.width / v.height);
  }
  return out;
}

/**
 * The places of the signature on a document's pages, and the one selected. `aspect` is the
 * signature's width / height (null: none made yet, so nothing can be placed).
 */
export function usePlacements(doc: PDFDocumentProxy | null, file: File | undefined, aspect: number | null) {
  const t = useT("sign-pdf");
  const [placed, setPlaced] = useState<Placed[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [ratios, setRatios] = useState<number[] | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new file starts over.
  useEffect(() => {
    setPlaced([]);
    setSelected(null);
  }, [file]);
  // Every page's shape, so a box keeps the signature's shape on pages not drawn yet.
  useEffect(() => {
    setRatios(null);
    if (!doc) return;
    let live = true;
    void pageRatios(doc).then((r) => {
      if (!live) return;
      setRatios(r);
      setPlaced((ps) => ps.map((p) => ({ ...p, ratio: r[p.page - 1] ?? p.ratio })));
    });
    return () => {
      live = false;
    };
  }, [doc]);

  const current = placed.find((p) => p.id === selected) ?? null;

  /** A new box on `page`, centred at (cx, cy); `shown` is the page's ratio as drawn (NaN: not drawn). */
  const place = (page: number, cx: number, cy: number, shown: number) => {
    if (aspect === null) {
      toast({ title: t("toast.makeFirst"), description: t("toast.makeFirstText") });
      return;
    }
    const ratio = ratios?.[page - 1] ?? (Number.isFinite(shown) ? shown : A4);
    const p = placeAt(page, cx, cy, aspect, ratio, current ?? undefined);
    setPlaced((ps) => [...ps, p]);
    setSelected(p.id);
  };
  const change = (p: Placed) => setPlaced((ps) => ps.map((q) => (q.id === p.id ? p : q)));
  const remove = (id: string) => {
    setPlaced((ps) => ps.filter((q) => q.id !== id));
    setSelected((s) => (s === id ? null : s));
  };
  const clear = () => {
    setPlaced([]);
    setSelected(null);
  };
  /** The selected box (or the first) copied to every page that has none. */
  const placeOnAll = async () => {
    const template = current ?? placed[0];
    if (!doc || aspect === null || !template) return;
    const all = ratios ?? (await pageRatios(doc));
    const added = copyToPages(template, all, aspect, placed);
    setPlaced((ps) => [...ps, ...added]);
  };

  return { placed, selected, setSelected, current, place, change, remove, clear, placeOnAll };
}
