import type { Font } from "@cantoo/fontkit";
import { type PDFDocument, type PDFFont, StandardFonts } from "@cantoo/pdf-lib";
import { Encodings } from "@cantoo/pdf-lib/standard-fonts";
import dejavuSansBold from "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf";
import { EngineError } from "../core/errors";

/**
 * Fonts for text we draw into PDFs. WinAnsi text uses Helvetica-Bold, which every reader has
 * built in (nothing to embed); anything else is drawn in DejaVu Sans Bold, subset-embedded,
 * which covers Latin, Greek, Cyrillic, Armenian, Georgian and many symbols. Text no font here
 * can show is refused by name rather than drawn as empty boxes.
 */
export type TextFont = "Helvetica-Bold" | "DejaVuSans-Bold";

// Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their presentation forms, plus
// the historic RTL blocks. They need bidi reordering (and Arabic needs shaping) that we do not do.
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

type Fontkit = typeof import("@cantoo/fontkit").default;
let fontkitModule: Promise<Fontkit> | undefined;

/**
 * fontkit sets itself up when its module loads (a Brotli dictionary, Unicode tables): a third
 * of the Worker's startup time. Only text outside WinAnsi needs it, so it loads on first use.
 */
function loadFontkit(): Promise<Fontkit> {
  fontkitModule ??= import("@cantoo/fontkit").then((m) => m.default);
  return fontkitModule;
}

let dejavu: Font | undefined;
async function dejavuFont(): Promise<Font> {
  dejavu ??= (await loadFontkit()).create(new Uint8Array(dejavuSansBold)) as Font;
  return dejavu;
}

function codePoints(text: string): number[] {
  return Array.from(text, (ch) => ch.codePointAt(0) ?? 0);
}

function describe(cp: number): string {
  const ch = String.fromCodePoint(cp);
  return /\p{L}|\p{N}|\p{P}|\p{S}/u.test(ch) ? ch : `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** How a refusal names the text: what it is, and what it is for. */
export interface TextUse {
  subject: string;
  use: string;
}
const WATERMARK: TextUse = { subject: "The watermark text", use: "a watermark" };

/** The font that shows all of `text`; a 400 naming the characters when none does. */
export async function fontForText(text: string, words: TextUse = WATERMARK): Promise<TextFont> {
  if (RIGHT_TO_LEFT.test(text)) {
    throw new EngineError(
      "validation_failed",
      `Right-to-left text (such as Arabic or Hebrew) cannot be used for ${words.use} yet. Please use left-to-right text.`,
    );
  }
  const cps = codePoints(text);
  if (cps.every((cp) => Encodings.WinAnsi.canEncodeUnicodeCodePoint(cp))) return "Helvetica-Bold";
  const font = await dejavuFont();
  const missing = [...new Set(cps.filter((cp) => !font.hasGlyphForCodePoint(cp)))];
  if (missing.length > 0) {
    const shown = missing.slice(0, 10).map(describe).join(" ");
    throw new EngineError(
      "validation_failed",
      `${words.subject} has characters that cannot be shown: ${shown}${missing.length > 10 ? " ..." : ""}. Use letters from the Latin, Greek or Cyrillic alphabets, digits and common symbols.`,
    );
  }
  return "DejaVuSans-Bold";
}

/** Embeds the font chosen for `text` into `doc` (subset: only the glyphs used). */
export async function embedTextFont(doc: PDFDocument, text: string, words?: TextUse): Promise<PDFFont> {
  const choice = await fontForText(text, words);
  if (choice === "Helvetica-Bold") return doc.embedFont(StandardFonts.HelveticaBold);
  doc.registerFontkit(await loadFontkit());
  return doc.embedFont(new Uint8Array(dejavuSansBold), {
    subset: true,
    customName: `${subsetTag(text)}+DejaVuSans-Bold`,
  });
}

/** PDF names a font subset "ABCDEF+Name"; readers (and pdffonts) know it is partial by that tag. */
function subsetTag(text: string): string {
  let h = 2166136261;
  for (const cp of codePoints(text)) h = Math.imul(h ^ cp, 16777619) >>> 0;
  let tag = "";
  for (let i = 0; i < 6; i++, h = Math.floor(h / 26)) tag += String.fromCharCode(65 + (h % 26));
  return tag;
}
