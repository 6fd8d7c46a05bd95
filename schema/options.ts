import * as v from "valibot";
import { FillFormOptions, FlattenOptions, MAX_SIGNATURE_MB, RedactOptions, SignOptions } from "./form-options";
import {
  allow,
  attachedImage,
  FilePasswords,
  jsonField,
  numberIn,
  oneOf,
  wholeNumber,
  withDefault,
} from "./option-fields";
import { LOGO_POSITIONS, type LogoPosition } from "./watermark-layout";

export { type AttachedImage, FilePasswords, MAX_PASSWORD_LENGTH, passwordFor } from "./option-fields";

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
export function fieldsFor(schema: v.GenericSchema, get: (name: string) => unknown): Fields {
  const fields: Fields = {};
  for (const key of Object.keys(objectEntries(schema) ?? {})) {
    const value = get(key);
    fields[key] = typeof value === "string" && value !== "" ? value : undefined;
  }
  return fields;
}

/** The entries of an object schema, also inside a pipe (`v.pipe(v.object(...), check)`). */
export function objectEntries(schema: v.GenericSchema): Record<string, v.GenericSchema> | null {
  const s = schema as { type?: string; entries?: Record<string, v.GenericSchema>; pipe?: v.GenericSchema[] };
  if (s.entries && s.type?.includes("object")) return s.entries;
  return s.pipe?.[0] && s.pipe[0] !== schema ? objectEntries(s.pipe[0]) : null;
}

/** What a schema made of its input, or what a person reads: the first problem, and each field's. */
export type Reading<T> = { ok: true; output: T } | { ok: false; message: string; fields: Record<string, string> };

/**
 * Reads `input` with `schema`. A field that is missing is worded by its own schema ("Add your
 * signature...") where valibot would say "Invalid key: Expected "signature" but received undefined".
 */
export function readWith<S extends v.GenericSchema>(schema: S, input: unknown): Reading<v.InferOutput<S>> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, output: result.output };
  const entries = objectEntries(schema);
  const fields: Record<string, string> = {};
  const messages = result.issues.map((issue) => {
    const key = issue.path?.length === 1 ? issue.path[0].key : undefined;
    const entry = entries && typeof key === "string" ? entries[key] : undefined;
    const own = entry && issue.kind === "schema" && issue.input === undefined ? v.safeParse(entry, undefined) : null;
    const message = own && !own.success ? own.issues[0].message : issue.message;
    fields[v.getDotPath(issue) ?? ""] ??= message;
    return message;
  });
  return { ok: false, message: messages[0], fields };
}

// ---- Page lists -------------------------------------------------------------------------------

export const MAX_SELECTED_PAGES = 10_000;
/** 10,000 page numbers written out in full fit in well under this; more is not a page list. */
const MAX_PAGE_LIST_CHARS = 200_000;
export const TOO_MANY_PAGES = "Too many pages selected.";

/**
 * Typed page ranges, "1, 3-5, 8, 10-": the pages in the order typed, each once, or a sentence a
 * person can act on. "10-" runs to the last page, so it needs `pageCount` (as does checking that
 * a page exists). Every page a range names counts (repeats too), and reading stops as soon as
 * there are too many, so ranges cannot fill memory or time.
 */
export function parsePageRanges(text: string, pageCount?: number): { pages: number[] } | { error: string } {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { error: "Enter the pages, for example 1,3-5." };
  const pages = new Set<number>();
  let named = 0;
  for (const part of parts) {
    const m = /^(\d+)(?:\s*-\s*(\d*))?$/.exec(part);
    if (!m) return { error: `"${part}" is not a page or a range like 3-5.` };
    const from = Number(m[1]);
    const open = m[2] === "";
    if (open && pageCount === undefined) return { error: `"${part}" needs an end page, like ${from}-${from + 2}.` };
    const to = open ? (pageCount as number) : m[2] !== undefined ? Number(m[2]) : from;
    if (from < 1 || to < 1) return { error: "Pages are numbered from 1." };
    if (to < from) return { error: `The range ${part} runs backwards; write it as ${to}-${from}.` };
    if (pageCount !== undefined && Math.max(from, to) > pageCount) {
      return {
        error: `Page ${Math.max(from, to)} does not exist: this PDF has ${pageCount} page${pageCount === 1 ? "" : "s"}.`,
      };
    }
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

export const MergeOptions = v.object({ ...FilePasswords });

export const ExtractOptions = v.object({ selectedPages: selectedPages("extract"), ...FilePasswords });
export const SplitOptions = v.object({ selectedPages: selectedPages("split"), ...FilePasswords });

// ---- Compress to a size ----------------------------------------------------------------------

/** Below this no photo or page keeps anything worth having; it is also the smallest preset a form asks for. */
export const MIN_TARGET_BYTES = 10_000;
/** The most a job may hold on a device (2 GB): no file a tool can take is larger. */
export const MAX_TARGET_BYTES = 2_000_000_000;
export const TARGET_SIZE_MESSAGE = "Target size must be a whole number of bytes, such as 1000000 for 1 MB.";
/** The sizes people ask for most, in bytes (decimal: 1 MB = 1,000,000 bytes, as upload forms count). */
export const TARGET_SIZE_PRESETS = [
  { bytes: 10_000_000, label: "Under 10 MB (e-mail)" },
  { bytes: 5_000_000, label: "Under 5 MB" },
  { bytes: 2_000_000, label: "Under 2 MB" },
  { bytes: 1_000_000, label: "Under 1 MB" },
] as const;

/**
 * `targetSize`: the most bytes the result may have. Absent, the level or quality decides; present,
 * the compressor searches for the best quality that fits (and says when nothing can).
 */
const targetSize = withDefault(
  v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      if (!/^\d{1,16}$/.test(dataset.value)) {
        addIssue({ message: TARGET_SIZE_MESSAGE });
        return NEVER;
      }
      const n = Number(dataset.value);
      if (n < MIN_TARGET_BYTES) {
        addIssue({ message: "Target size must be at least 10 KB (10000 bytes)." });
        return NEVER;
      }
      if (n > MAX_TARGET_BYTES) {
        addIssue({ message: "Target size can be at most 2 GB (2000000000 bytes)." });
        return NEVER;
      }
      return n;
    }),
  ),
  undefined as number | undefined,
);

export const PDF_LEVELS = ["low", "recommended", "extreme"] as const;
export type PdfLevel = (typeof PDF_LEVELS)[number];
export const CompressPdfOptions = v.object({
  ...FilePasswords,
  level: withDefault(
    oneOf(PDF_LEVELS, "Compression level must be low, recommended or extreme."),
    "recommended" as PdfLevel,
  ),
  /** The whole document in grey: images, text and drawing colours, shadings. Text stays text. */
  grayscale: allow("grayscale", false),
  /** The document information dictionary and every XMP packet (catalog and per object), page-piece data. */
  removeMetadata: allow("removeMetadata", false),
  /** Page thumbnail images (/Thumb), which readers draw themselves anyway. */
  removeThumbnails: allow("removeThumbnails", true),
  /** Embedded files: the attachment list, file-attachment annotations, associated files (/AF). */
  removeAttachments: allow("removeAttachments", false),
  /** Objects nothing refers to, and fonts and images a page lists but never draws. */
  removeUnused: allow("removeUnused", true),
  targetSize,
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
  targetSize,
});

export const PAGE_SIZES = ["fit", "a4", "letter"] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const ORIENTATIONS = ["auto", "portrait", "landscape"] as const;
export type Orientation = (typeof ORIENTATIONS)[number];
export const MARGINS = ["none", "small", "large"] as const;
export type MarginChoice = (typeof MARGINS)[number];
/** Each image on its own page: sized to the image ("fit"), or on A4 or Letter, turned as asked, with a margin. */
export const JpgToPdfOptions = v.object({
  pageSize: withDefault(oneOf(PAGE_SIZES, "The page size must be fit, a4 or letter."), "fit" as PageSize),
  orientation: withDefault(
    oneOf(ORIENTATIONS, "The orientation must be auto, portrait or landscape."),
    "auto" as Orientation,
  ),
  margin: withDefault(oneOf(MARGINS, "The margin must be none, small or large."), "none" as MarginChoice),
});

export const ROTATION_ANGLES = [90, 180, 270] as const;
export type RotationAngle = (typeof ROTATION_ANGLES)[number];
export const RotateOptions = v.object({
  ...FilePasswords,
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

export const MAX_LOGO_MB = 5;
const ROTATION_MESSAGE = "The rotation must be a number of degrees from -180 to 180.";

export const WatermarkOptions = v.pipe(
  v.object({
    ...FilePasswords,
    watermarkText: v.pipe(
      v.optional(v.string(), ""),
      v.transform(normalizeWatermarkText),
      v.check(
        (t) => [...t].length <= MAX_WATERMARK_LENGTH,
        `Watermark text must be at most ${MAX_WATERMARK_LENGTH} characters.`,
      ),
    ),
    opacity: withDefault(v.pipe(v.string(), v.transform(Number), v.check(isOpacity, OPACITY_MESSAGE)), DEFAULT_OPACITY),
    /** A PNG or JPEG (a logo) drawn instead of the text: a file in its own field, watermarkImage. */
    watermarkImage: v.optional(attachedImage("The watermark image must be a PNG or JPEG file.")),
    position: withDefault(
      oneOf(LOGO_POSITIONS, "The position must be center, top-left, top-right, bottom-left, bottom-right or tiled."),
      "center" as LogoPosition,
    ),
    scale: withDefault(numberIn("The size must be from 5 to 100 (percent of the page).", 5, 100, false), 40),
    rotation: withDefault(numberIn(ROTATION_MESSAGE, -180, 180, false), 0),
  }),
  v.forward(
    v.check((o) => o.watermarkImage !== undefined || o.watermarkText.length > 0, "Watermark text is required"),
    ["watermarkText"],
  ),
);

export const ProtectOptions = v.object({
  /** Any length (the page hints at 6 characters); spaces count. */
  password: v.pipe(v.optional(v.string(), ""), v.minLength(1, "Please enter a password to protect your PDF")),
  allowPrinting: allow("allowPrinting"),
  allowCopying: allow("allowCopying"),
  allowEditing: allow("allowEditing"),
});

/** More than any reader uses: revision 6 keeps the first 127 bytes. */
export const UnlockOptions = v.object(FilePasswords);

// ---- Page tools ----------------------------------------------------------------------------------

const PLAN_MESSAGE = 'The page plan must be a list of pages, such as [{"file":0,"page":1}].';
const QUARTER = "A page can turn by 0, 90, 180 or 270 degrees.";
export const OrganizeOptions = v.object({
  ...FilePasswords,
  /** The new document's pages in order: a file's page (file from 0, page from 1), turned, or a blank page. */
  plan: jsonField(
    v.pipe(
      v.array(
        v.union(
          [
            v.object({
              file: wholeNumber("Each page must name its file by number.", 0, 999),
              page: wholeNumber("Each page must name its page by number, from 1.", 1, 100_000),
              rotate: v.optional(v.picklist([0, 90, 180, 270, -90], QUARTER), 0),
            }),
            v.object({ blank: v.literal(true) }),
          ],
          PLAN_MESSAGE,
        ),
        PLAN_MESSAGE,
      ),
      v.minLength(1, "Keep at least one page: a PDF cannot be empty."),
      v.maxLength(MAX_SELECTED_PAGES, TOO_MANY_PAGES),
    ),
    PLAN_MESSAGE,
    "[]",
  ),
});

export const RemovePagesOptions = v.object({
  ...FilePasswords,
  pages: v.pipe(
    withDefault(PageList, [] as number[]),
    v.check((pages) => pages.length > 0, "Please select at least one page to remove."),
  ),
});

export const NUMBER_POSITIONS = [
  "top-left",
  "top-center",
  "top-right",
  "bottom-left",
  "bottom-center",
  "bottom-right",
] as const;
export type NumberPosition = (typeof NUMBER_POSITIONS)[number];
export const NUMBER_FORMATS = ["n", "n-of-total", "page-n-of-total", "roman"] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number];

const COLOR_MESSAGE = "The colour must be written like #1a2b3c.";
export const PageNumberOptions = v.object({
  ...FilePasswords,
  position: withDefault(
    oneOf(NUMBER_POSITIONS, "The position must be top or bottom, and left, center or right."),
    "bottom-center" as NumberPosition,
  ),
  format: withDefault(
    oneOf(NUMBER_FORMATS, "The format must be n, n-of-total, page-n-of-total or roman."),
    "n" as NumberFormat,
  ),
  start: withDefault(numberIn("The first number must be a whole number from 0 to 100,000.", 0, 100_000), 1),
  firstPage: withDefault(numberIn("The first page to number must be a whole number from 1.", 1, 100_000), 1),
  fontSize: withDefault(numberIn("The font size must be from 6 to 72 points.", 6, 72, false), 12),
  margin: withDefault(numberIn("The margin must be from 0 to 144 points.", 0, 144, false), 24),
  color: withDefault(
    v.pipe(
      v.string(),
      v.regex(/^#[0-9a-f]{6}$/i, COLOR_MESSAGE),
      v.transform((hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]),
    ),
    [0, 0, 0] as [number, number, number],
  ),
});

const MARGINS_MESSAGE =
  'Crop margins must be fractions of the page from 0 to 0.95, such as {"left":0.1,"top":0.1,"right":0.1,"bottom":0.1}.';
const fraction = v.pipe(v.number(MARGINS_MESSAGE), v.minValue(0, MARGINS_MESSAGE), v.maxValue(0.95, MARGINS_MESSAGE));
/** What to cut from each side, as fractions of the page a reader sees. */
export const Margins = v.object({ left: fraction, top: fraction, right: fraction, bottom: fraction }, MARGINS_MESSAGE);
export type Margins = v.InferOutput<typeof Margins>;

export const CROP_SCOPES = ["all", "odd", "even", "pages"] as const;
export const CropOptions = v.object({
  ...FilePasswords,
  /** The same margins for the pages `scope` picks... */
  margins: v.optional(
    jsonField(
      v.nullable(
        v.pipe(
          Margins,
          v.check(() => true),
        ),
      ),
      MARGINS_MESSAGE,
    ),
  ),
  scope: withDefault(
    oneOf(CROP_SCOPES, "Crop applies to all, odd, even, or the listed pages."),
    "all" as (typeof CROP_SCOPES)[number],
  ),
  pages: optionalPages,
  /** ...or each page its own ("remove white margins" measures every page): page number -> margins. */
  boxes: v.optional(
    jsonField(v.record(v.pipe(v.string(), v.regex(/^\d+$/)), Margins, MARGINS_MESSAGE), MARGINS_MESSAGE),
  ),
});

export const NUP_COUNTS = [2, 4, 6, 9, 16] as const;
export const NupOptions = v.object({
  ...FilePasswords,
  perSheet: withDefault(
    v.pipe(v.string(), v.transform(Number), v.picklist(NUP_COUNTS, "Pages per sheet must be 2, 4, 6, 9 or 16.")),
    4 as (typeof NUP_COUNTS)[number],
  ),
  sheet: withDefault(
    oneOf(["a4", "letter", "original"], "The sheet must be a4, letter or original."),
    "a4" as "a4" | "letter" | "original",
  ),
  orientation: withDefault(
    oneOf(["auto", "portrait", "landscape"], "The orientation must be auto, portrait or landscape."),
    "auto" as "auto" | "portrait" | "landscape",
  ),
  order: withDefault(
    oneOf(["across", "down"], "The order must be across (rows) or down (columns)."),
    "across" as "across" | "down",
  ),
  margin: withDefault(numberIn("The margin must be from 0 to 72 points.", 0, 72, false), 18),
  border: allow("border", false),
});
export type NupOptions = v.InferOutput<typeof NupOptions>;

/** A date field: an ISO date or date-time; empty removes it. */
const InfoDate = v.union(
  [
    v.null(),
    v.pipe(
      v.string(),
      v.isoTimestamp(),
      v.transform((s) => new Date(s)),
    ),
    v.pipe(
      v.string(),
      v.isoDate(),
      v.transform((s) => new Date(`${s}T00:00:00Z`)),
    ),
  ],
  "Dates must be written like 2026-11-24 or 2026-11-24T09:30:00Z.",
);
const infoText = v.pipe(
  v.string("Metadata fields must be text."),
  v.maxLength(2000, "A metadata field can be at most 2,000 characters."),
);
export const InfoFields = v.object({
  title: v.optional(infoText),
  author: v.optional(infoText),
  subject: v.optional(infoText),
  keywords: v.optional(infoText),
  creator: v.optional(infoText),
  producer: v.optional(infoText),
  created: v.optional(InfoDate),
  modified: v.optional(InfoDate),
});
export type InfoFields = v.InferOutput<typeof InfoFields>;
export const MetadataOptions = v.object({
  ...FilePasswords,
  /** JSON: the fields to set (an empty text or a null date removes that field); others stay. */
  info: jsonField(InfoFields, "The metadata must be a JSON object of fields.", "{}"),
  removeAll: allow("removeAll", false),
});

// ---- Extract images -------------------------------------------------------------------------------

export const DEFAULT_MIN_IMAGE_SIZE = 16;
export const ExtractImagesOptions = v.object({
  ...FilePasswords,
  /** The pages whose images are saved; none means every page. */
  pages: optionalPages,
  /** Images narrower or shorter than this (bullets, spacers) are left out. */
  minSize: withDefault(
    numberIn("The minimum size must be a whole number of pixels from 0 to 10,000.", 0, 10_000),
    DEFAULT_MIN_IMAGE_SIZE,
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
  "organize-pdf": OrganizeOptions,
  "remove-pages": RemovePagesOptions,
  "page-numbers": PageNumberOptions,
  "crop-pdf": CropOptions,
  "nup-pdf": NupOptions,
  "edit-metadata": MetadataOptions,
  "fill-form": FillFormOptions,
  "flatten-pdf": FlattenOptions,
  "sign-pdf": SignOptions,
  "redact-pdf": RedactOptions,
  "extract-images": ExtractImagesOptions,
} as const;

export type ConvertSlug = keyof typeof convertOptions;
export type OptionsOf<S extends ConvertSlug> = v.InferOutput<(typeof convertOptions)[S]>;

/**
 * Files a conversion takes besides its `files`, each in its own field, with the rules it is
 * checked by as an upload is (type, size, content): the Worker's route and the device both read it.
 */
export const convertAttachments: Partial<
  Record<ConvertSlug, Record<string, { accept: readonly string[]; maxSizeMB: number }>>
> = {
  "watermark-pdf": { watermarkImage: { accept: [".png", ".jpg", ".jpeg"], maxSizeMB: MAX_LOGO_MB } },
  "sign-pdf": { signature: { accept: [".png", ".jpg", ".jpeg"], maxSizeMB: MAX_SIGNATURE_MB } },
};

/** The endpoint of a conversion. */
export const convertPath = (slug: ConvertSlug) => `/api/convert/${slug}` as const;
