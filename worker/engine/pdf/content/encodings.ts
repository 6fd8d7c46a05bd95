import { Encodings } from "@cantoo/pdf-lib/standard-fonts";

/**
 * Simple fonts' encodings (code -> glyph name) and glyph names -> Unicode. WinAnsi, Symbol and
 * ZapfDingbats come from pdf-lib's tables (which also give most names' Unicode values);
 * Standard and MacRoman, and the names pdf-lib's tables lack, are written out here.
 */

export type EncodingTable = readonly string[];

const ASCII =
  "space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft parenright asterisk plus comma hyphen period slash zero one two three four five six seven eight nine colon semicolon less equal greater question at A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash bracketright asciicircum underscore grave a b c d e f g h i j k l m n o p q r s t u v w x y z braceleft bar braceright asciitilde";

function table(entries: [number, string][]): string[] {
  const out = new Array<string>(256).fill("");
  for (const [start, names] of entries) {
    names.split(" ").forEach((n, i) => {
      out[start + i] = n === "-" ? "" : n;
    });
  }
  return out;
}

export const STANDARD: EncodingTable = (() => {
  const t = table([
    [32, ASCII],
    [
      161,
      "exclamdown cent sterling fraction yen florin section currency quotesingle quotedblleft guillemotleft guilsinglleft guilsinglright fi fl - endash dagger daggerdbl periodcentered - paragraph bullet quotesinglbase quotedblbase quotedblright guillemotright ellipsis perthousand - questiondown - grave acute circumflex tilde macron breve dotaccent dieresis - ring cedilla - hungarumlaut ogonek caron emdash",
    ],
    [225, "AE - ordfeminine - - - - Lslash Oslash OE ordmasculine"],
    [241, "ae - - - dotlessi - - lslash oslash oe germandbls"],
  ]);
  t[39] = "quoteright";
  t[96] = "quoteleft";
  return t;
})();

export const MAC_ROMAN: EncodingTable = table([
  [32, ASCII],
  [
    128,
    "Adieresis Aring Ccedilla Eacute Ntilde Odieresis Udieresis aacute agrave acircumflex adieresis atilde aring ccedilla eacute egrave ecircumflex edieresis iacute igrave icircumflex idieresis ntilde oacute ograve ocircumflex odieresis otilde uacute ugrave ucircumflex udieresis dagger degree cent sterling section bullet paragraph germandbls registered copyright trademark acute dieresis notequal AE Oslash infinity plusminus lessequal greaterequal yen mu partialdiff summation product pi integral ordfeminine ordmasculine Omega ae oslash questiondown exclamdown logicalnot radical florin approxequal Delta guillemotleft guillemotright ellipsis space Agrave Atilde Otilde OE oe endash emdash quotedblleft quotedblright quoteleft quoteright divide lozenge ydieresis Ydieresis fraction currency guilsinglleft guilsinglright fi fl daggerdbl periodcentered quotesinglbase quotedblbase perthousand Acircumflex Ecircumflex Aacute Edieresis Egrave Iacute Icircumflex Idieresis Igrave Oacute Ocircumflex apple Ograve Uacute Ucircumflex Ugrave dotlessi circumflex tilde macron breve dotaccent ring cedilla hungarumlaut ogonek caron",
  ],
]);

type PdfLibEncoding = (typeof Encodings)["WinAnsi"];

/** pdf-lib's encodings hold Unicode -> [code, name]; read both ways. */
function fromPdfLib(enc: PdfLibEncoding, names: Map<string, string>): string[] {
  const out = new Array<string>(256).fill("");
  for (const cp of enc.supportedCodePoints) {
    const { code, name } = enc.encodeUnicodeCodePoint(cp);
    if (code >= 0 && code < 256 && !out[code]) out[code] = name;
    if (!names.has(name)) names.set(name, String.fromCodePoint(cp));
  }
  return out;
}

const NAMES = new Map<string, string>();
export const WIN_ANSI: EncodingTable = (() => {
  const t = fromPdfLib(Encodings.WinAnsi, NAMES);
  // pdf-lib's table names code 159 (U+0178) "ydieresis", the name of 255 (U+00FF): it is "Ydieresis".
  t[159] = "Ydieresis";
  return t;
})();
export const SYMBOL: EncodingTable = fromPdfLib(Encodings.Symbol, NAMES);
export const ZAPF_DINGBATS: EncodingTable = fromPdfLib(Encodings.ZapfDingbats, NAMES);

const EXTRA: Record<string, number> = {
  fi: 0xfb01,
  fl: 0xfb02,
  ff: 0xfb00,
  ffi: 0xfb03,
  ffl: 0xfb04,
  dotlessi: 0x131,
  Lslash: 0x141,
  lslash: 0x142,
  fraction: 0x2044,
  breve: 0x2d8,
  dotaccent: 0x2d9,
  ring: 0x2da,
  hungarumlaut: 0x2dd,
  ogonek: 0x2db,
  caron: 0x2c7,
  quotesingle: 0x27,
  quoteright: 0x2019,
  quoteleft: 0x2018,
  notequal: 0x2260,
  infinity: 0x221e,
  lessequal: 0x2264,
  greaterequal: 0x2265,
  partialdiff: 0x2202,
  summation: 0x2211,
  product: 0x220f,
  pi: 0x3c0,
  integral: 0x222b,
  Omega: 0x2126,
  radical: 0x221a,
  approxequal: 0x2248,
  Delta: 0x2206,
  lozenge: 0x25ca,
  minus: 0x2212,
  nbspace: 0xa0,
  sfthyphen: 0xad,
  Euro: 0x20ac,
  mu: 0xb5,
  space: 0x20,
  hyphen: 0x2d,
  Ydieresis: 0x178,
};
for (const [name, cp] of Object.entries(EXTRA)) if (!NAMES.has(name)) NAMES.set(name, String.fromCodePoint(cp));

/** A glyph name's text: the tables, uniXXXX / uXXXX[XX], ligatures joined by "_", ".suffix" dropped. */
export function glyphNameToUnicode(name: string): string {
  const known = NAMES.get(name);
  if (known !== undefined) return known;
  const base = name.split(".")[0];
  if (base !== name) return base ? glyphNameToUnicode(base) : "";
  if (name.includes("_")) return name.split("_").map(glyphNameToUnicode).join("");
  let m = /^uni((?:[0-9A-F]{4})+)$/.exec(name);
  if (m) {
    const units = m[1].match(/.{4}/g)!.map((h) => parseInt(h, 16));
    return String.fromCharCode(...units);
  }
  m = /^u([0-9A-F]{4,6})$/.exec(name);
  if (m) {
    const cp = parseInt(m[1], 16);
    return cp <= 0x10ffff ? String.fromCodePoint(cp) : "";
  }
  return "";
}

export function encodingByName(name: string): EncodingTable | null {
  switch (name) {
    case "WinAnsiEncoding":
      return WIN_ANSI;
    case "MacRomanEncoding":
      return MAC_ROMAN;
    case "StandardEncoding":
    case "MacExpertEncoding":
      return STANDARD;
    default:
      return null;
  }
}
