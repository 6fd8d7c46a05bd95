import * as v from "valibot";

/**
 * Every tool's options, said once: the multipart text fields a tool reads, as valibot schemas the
 * tool page and the Worker's route both use. Input is the form's text fields (an empty field is
 * absent); output is the typed options the engine's tool takes. The messages are what a person
 * reads when a field is wrong.
 */

/** The form's text fields: an absent or empty field is undefined. */
export type Fields = Record<string, string | undefined>;

/**
 * The fields an options schema reads, from a form: every one of its keys present (an absent or
 * empty field as undefined, so each field's default applies), other fields ignored.
 */
export function fieldsFor(schema: v.ObjectSchema<v.ObjectEntries, undefined>, get: (name: string) => unknown): Fields {
  const fields: Fields = {};
  for (const key of Object.keys(schema.entries)) {
    const value = get(key);
    fields[key] = typeof value === "string" && value !== "" ? value : undefined;
  }
  return fields;
}

/** A field absent, empty or only spaces. */
const blank = (s: string | undefined): s is undefined => s === undefined || s.trim() === "";

/**
 * A field with a default: blank means `fallback`; otherwise `schema` reads the trimmed text.
 * (Passwords are the exception: their spaces count, see below.)
 */
function withDefault<S extends v.GenericSchema<string, unknown>, F>(
  schema: S,
  fallback: F,
): v.GenericSchema<string | undefined, v.InferOutput<S> | F> {
  return v.pipe(
    v.optional(v.string()),
    v.rawTransform(({ dataset, addIssue, NEVER }): v.InferOutput<S> | F => {
      const raw = dataset.value;
      if (blank(raw)) return fallback;
      const parsed = v.safeParse(schema, raw.trim());
      if (parsed.success) return parsed.output;
      addIssue({ message: parsed.issues[0].message });
      return NEVER;
    }),
  );
}

/** A fixed set of lower-case words, with one message for anything else. */
const oneOf = <const W extends readonly string[]>(words: W, message: string) =>
  v.pipe(v.string(), v.toLowerCase(), v.picklist(words, message));

// ---- Page lists -------------------------------------------------------------------------------

export const MAX_SELECTED_PAGES = 10_000;
/** 10,000 page numbers written out in full fit in well under this; more is not a page list. */
const MAX_PAGE_LIST_CHARS = 200_000;
export const TOO_MANY_PAGES = "Too many pages selected.";

/**
 * Typed page ranges, "1, 3-5, 8": the pages in the order typed, each once, or a sentence a person
 * can act on. Every page a range names counts (repeats too), and reading stops as soon as there
 * are too many, so ranges cannot fill memory or time.
 */
export function parsePageRanges(text: string): { pages: number[] } | { error: string } {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { error: "Enter the pages, for example 1,3-5." };
  const pages = new Set<number>();
  let named = 0;
  for (const part of parts) {
    const m = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    if (!m) return { error: `"${part}" is not a page or a range like 3-5.` };
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : from;
    if (from < 1 || to < 1) return { error: "Pages are numbered from 1." };
    if (to < from) return { error: `The range ${part} runs backwards; write it as ${to}-${from}.` };
    named += to - from + 1;
    if (named > MAX_SELECTED_PAGES) return { error: TOO_MANY_PAGES };
    for (let p = from; p <= to; p++) pages.add(p);
  }
  return { pages: [...pages] };
}

const wholeNumbers = v.array(
  v.pipe(v.number("Page numbers must be whole numbers"), v.integer("Page numbers must be whole numbers")),
  "Pages must be a list of page numbers",
);

/**
 * A page list as the spec's selectedPages sends it, a JSON array ("[1,3]", also ["1","3"]), or
 * typed ranges ("1,3-5").
 */
export const PageList = v.pipe(
  v.string(),
  v.check((s) => s.length <= MAX_PAGE_LIST_CHARS, TOO_MANY_PAGES),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const raw = dataset.value;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      // Neither JSON nor ranges: not a page list at all.
      if (!/^[\d\s,-]+$/.test(raw)) {
        addIssue({ message: "Pages must be a list of page numbers" });
        return NEVER;
      }
      const ranges = parsePageRanges(raw);
      if ("error" in ranges) {
        addIssue({ message: ranges.error });
        return NEVER;
      }
      return ranges.pages;
    }
    // ["1","3"] from a form that kept the values as text means the same pages.
    if (Array.isArray(parsed))
      parsed = parsed.map((p) => (typeof p === "string" && /^\s*\d+\s*$/.test(p) ? Number(p) : p));
    const list = v.safeParse(wholeNumbers, parsed);
    if (!list.success) {
      addIssue({ message: list.issues[0].message });
      return NEVER;
    }
    if (list.output.length > MAX_SELECTED_PAGES) {
      addIssue({ message: TOO_MANY_PAGES });
      return NEVER;
    }
    return list.output;
  }),
);

const optionalPages = withDefault(PageList, undefined);

/** The pages split works on: at least one. */
const selectedPages = (verb: "extract" | "split") => {
  const message = `Please select at least one page to ${verb}.`;
  return v.pipe(
    withDefault(PageList, [] as number[]),
    v.check((pages) => pages.length > 0, message),
  );
};

// ---- Each tool's options ----------------------------------------------------------------------

export const MergeOptions = v.object({});

export const ExtractOptions = v.object({ selectedPages: selectedPages("extract") });
export const SplitOptions = v.object({ selectedPages: selectedPages("split") });

export const PDF_LEVELS = ["low", "recommended", "extreme"] as const;
export type PdfLevel = (typeof PDF_LEVELS)[number];
export const CompressPdfOptions = v.object({
  level: withDefault(
    oneOf(PDF_LEVELS, "Compression level must be low, recommended or extreme."),
    "recommended" as PdfLevel,
  ),
});

export const IMAGE_QUALITIES = ["high", "balanced", "small"] as const;
export type ImageQuality = (typeof IMAGE_QUALITIES)[number];
const QUALITY_MESSAGE = "Quality must be high, balanced, small, or a whole number from 1 to 100.";
export const CompressImageOptions = v.object({
  /** A preset (high: visually lossless, chosen by measuring), or a fixed encoder quality 1-100. */
  quality: withDefault(
    v.pipe(
      v.string(),
      v.toLowerCase(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const raw = dataset.value;
        if ((IMAGE_QUALITIES as readonly string[]).includes(raw)) return raw as ImageQuality;
        const n = Number(raw);
        if (Number.isInteger(n) && n >= 1 && n <= 100) return n;
        addIssue({ message: QUALITY_MESSAGE });
        return NEVER;
      }),
    ),
    "high" as ImageQuality | number,
  ),
  /** "webp" converts; "original", "same" or nothing keeps the image's format. */
  format: withDefault(
    v.pipe(
      oneOf(["webp", "original", "same"], "Format must be webp, or left out to keep the image's format."),
      v.transform((f) => (f === "webp" ? ("webp" as const) : ("original" as const))),
    ),
    "original" as "webp" | "original",
  ),
});

export const JpgToPdfOptions = v.object({});

export const ROTATION_ANGLES = [90, 180, 270] as const;
export type RotationAngle = (typeof ROTATION_ANGLES)[number];
export const RotateOptions = v.object({
  angle: withDefault(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.transform((n) => (n === -90 ? 270 : n)),
      v.picklist(ROTATION_ANGLES, "Angle must be 90, 180 or 270 degrees."),
    ),
    90 as RotationAngle,
  ),
  pages: optionalPages,
});

export const DEFAULT_WATERMARK_TEXT = "CONFIDENTIAL";
export const DEFAULT_OPACITY = 0.3;
export const MAX_WATERMARK_LENGTH = 200;
export const OPACITY_MESSAGE = "Opacity must be a number from 0.1 to 1, in steps of 0.1.";

/** Watermark text as it is drawn: one line, no control or format characters. */
export function normalizeWatermarkText(raw: string): string {
  return raw
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Spec: 0.1 to 1 in steps of 0.1 (the slider's values; 0.30000000000000004 is still 0.3). */
export function isOpacity(n: number): boolean {
  const tenths = n * 10;
  return Number.isFinite(n) && n >= 0.1 && n <= 1 && Math.abs(tenths - Math.round(tenths)) <= 1e-9;
}

export const WatermarkOptions = v.object({
  watermarkText: v.pipe(
    v.optional(v.string(), ""),
    v.transform(normalizeWatermarkText),
    v.minLength(1, "Watermark text is required"),
    v.check(
      (t) => [...t].length <= MAX_WATERMARK_LENGTH,
      `Watermark text must be at most ${MAX_WATERMARK_LENGTH} characters.`,
    ),
  ),
  opacity: withDefault(v.pipe(v.string(), v.transform(Number), v.check(isOpacity, OPACITY_MESSAGE)), DEFAULT_OPACITY),
});

/** "true"/"false" (also on/off, 1/0, yes/no); absent means allowed. */
const allow = (name: string) =>
  withDefault(
    v.pipe(
      v.string(),
      v.toLowerCase(),
      v.picklist(["true", "on", "1", "yes", "false", "off", "0", "no"], `${name} must be true or false.`),
      v.transform((s) => ["true", "on", "1", "yes"].includes(s)),
    ),
    true,
  );

export const ProtectOptions = v.object({
  /** Any length (the page hints at 6 characters); spaces count. */
  password: v.pipe(v.optional(v.string(), ""), v.minLength(1, "Please enter a password to protect your PDF")),
  allowPrinting: allow("allowPrinting"),
  allowCopying: allow("allowCopying"),
  allowEditing: allow("allowEditing"),
});

/** More than any reader uses: revision 6 keeps the first 127 bytes. */
export const MAX_PASSWORD_LENGTH = 1000;
const Password = v.pipe(
  v.string("Each password must be text."),
  v.maxLength(MAX_PASSWORD_LENGTH, `A password can be at most ${MAX_PASSWORD_LENGTH} characters long.`),
);
const PASSWORDS_MESSAGE = 'passwords must be a JSON object, such as {"report.pdf": "secret"}.';

export const UnlockOptions = v.object({
  /** Tried on every file; spaces count, only an empty field means "none". */
  password: v.optional(Password),
  /** JSON: a file's name, or its position ("0", "1"...), to its password; wins over `password`. */
  passwords: v.pipe(
    v.optional(v.string(), "{}"),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(blank(dataset.value) ? "{}" : dataset.value);
      } catch {
        addIssue({ message: PASSWORDS_MESSAGE });
        return NEVER;
      }
      const map = v.safeParse(
        v.record(v.string(), Password, "passwords must map file names or positions to passwords."),
        parsed,
      );
      if (!map.success) {
        addIssue({ message: map.issues[0].message });
        return NEVER;
      }
      return map.output;
    }),
  ),
});

/** The options of each conversion endpoint, by the slug after /api/convert/. */
export const convertOptions = {
  "merge-pdf": MergeOptions,
  "extract-pages": ExtractOptions,
  "split-pages": SplitOptions,
  "compress-pdf": CompressPdfOptions,
  "jpg-to-pdf": JpgToPdfOptions,
  "compress-image": CompressImageOptions,
  "watermark-pdf": WatermarkOptions,
  "rotate-pdf": RotateOptions,
  "unlock-pdf": UnlockOptions,
  "protect-pdf": ProtectOptions,
} as const;

export type ConvertSlug = keyof typeof convertOptions;
export type OptionsOf<S extends ConvertSlug> = v.InferOutput<(typeof convertOptions)[S]>;

/** The endpoint of a conversion. */
export const convertPath = (slug: ConvertSlug) => `/api/convert/${slug}` as const;
