import type { Locator } from "@playwright/test";

/**
 * WCAG contrast of an element's text against what is behind it, as the browser computed both:
 * colours are read through a canvas (so any CSS colour syntax works), and translucent backgrounds
 * are laid over the ancestors' until an opaque one is found.
 */
export async function contrastOf(el: Locator, behind?: Locator): Promise<{ ratio: number; fg: string; bg: string }> {
  // `behind`: the element whose background the text sits on when it is not an ancestor (a
  // segmented control's sliding indicator, under the chosen item).
  const under = behind ? await behind.elementHandle() : null;
  return el.evaluate((node, under) => {
    const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    if (!ctx) throw new Error("no canvas");
    const rgba = (css: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = "#000";
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: number[], under: number[]) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3]));
    // Backgrounds from the element outwards; the page's canvas (white) if none is opaque.
    const layers: [number, number, number, number][] = [];
    for (let n: Element | null = under ?? node; n; n = n.parentElement) {
      const c = rgba(getComputedStyle(n).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    let bg = [255, 255, 255];
    for (const layer of layers.reverse()) bg = over(layer, bg);
    const fgc = rgba(getComputedStyle(node).color);
    const fg = over(fgc, bg);
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    const hex = (c: number[]) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
    return { ratio: (hi + 0.05) / (lo + 0.05), fg: hex(fg), bg: hex(bg) };
  }, under);
}
