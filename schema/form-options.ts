import * as v from "valibot";
import { allow, attachedImage, FilePasswords, jsonField, numberIn, oneOf, withDefault } from "./option-fields";

/**
 * The options of the form, signature and redaction tools, and what their helper endpoints answer
 * (the fields of a form, the matches of a search). Places on a page are fractions of the page as
 * a reader shows it (after its rotation and crop box), measured from its top left: the page draws
 * them over its preview as they are, and the engine maps them into the page's own space.
 */

// ---- Places on a page -------------------------------------------------------------------------

const PLACE_MESSAGE =
  'Each area must give its page (from 1) and x, y, width and height as fractions of the page from its top left, such as {"page":1,"x":0.1,"y":0.2,"width":0.3,"height":0.05}.';
const unit = v.pipe(v.number(PLACE_MESSAGE), v.minValue(0, PLACE_MESSAGE), v.maxValue(1, PLACE_MESSAGE));
const extent = v.pipe(v.number(PLACE_MESSAGE), v.minValue(0.0001, PLACE_MESSAGE), v.maxValue(1, PLACE_MESSAGE));
const pageNumber = v.pipe(v.number(PLACE_MESSAGE), v.integer(PLACE_MESSAGE), v.minValue(1, PLACE_MESSAGE));

/** A rectangle on a page as a reader shows it: fractions of its width and height, from the top left. */
export interface PageRect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface PageArea extends PageRect {
  /** From 1. */
  page: number;
}
const PageArea = v.object({ page: pageNumber, x: unit, y: unit, width: extent, height: extent }, PLACE_MESSAGE);

// ---- Flatten -----------------------------------------------------------------------------------

export const FlattenOptions = v.pipe(
  v.object({
    ...FilePasswords,
    /** Form fields become page content (their values as shown), and the form is gone. */
    forms: allow("forms"),
    /** Comments, highlights, stamps and drawings become page content (links stay links). */
    annotations: allow("annotations"),
  }),
  v.check((o) => o.forms || o.annotations, "Choose what to flatten: form fields, annotations, or both."),
);

// ---- Fill forms ---------------------------------------------------------------------------------

export const MAX_FORM_DATA_CHARS = 2_000_000;
export const MAX_MERGE_ROWS = 500;
const VALUES_MESSAGE =
  'The values must be a JSON object of field names to values, such as {"Name": "Ada", "Member": true}.';
/** A field's value: text, a checkbox's true/false, a radio or list choice, or several list choices. */
export type FieldValue = string | boolean | string[];
const FieldValue = v.union(
  [
    v.pipe(v.string(), v.maxLength(20_000, "A field's value can be at most 20,000 characters.")),
    v.boolean(),
    v.array(v.string()),
  ],
  VALUES_MESSAGE,
);

export const FillFormOptions = v.object({
  ...FilePasswords,
  /** Field name to value; fields not named keep what they hold. */
  values: jsonField(v.record(v.string(), FieldValue, VALUES_MESSAGE), VALUES_MESSAGE, "{}"),
  /**
   * Rows of values: CSV with the field names as its header, or JSON (an object, or a list of
   * objects). Its values win over `values`.
   */
  data: v.optional(
    v.pipe(v.string(), v.maxLength(MAX_FORM_DATA_CHARS, "The data can be at most 2 MB of CSV or JSON.")),
  ),
  /** Which row fills the form (from 1), when not one PDF per row. */
  row: withDefault(numberIn(`The row must be a whole number from 1 to ${MAX_MERGE_ROWS}.`, 1, MAX_MERGE_ROWS), 1),
  /** One filled PDF per row of `data`, in a ZIP (a mail merge). */
  eachRow: allow("eachRow", false),
  /** The column (or field) whose value names each row's file in the ZIP. */
  nameBy: v.optional(v.pipe(v.string(), v.maxLength(200, "The column name is too long."))),
  /** The filled form made into page content: the values can no longer be changed. */
  flatten: allow("flatten", false),
});

export const FIELD_TYPES = ["text", "checkbox", "radio", "dropdown", "list", "button", "signature"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** One field of a form, as POST /api/form-fields lists it. */
export interface FormField {
  name: string;
  type: FieldType;
  /** Text (or a choice); a checkbox's true/false; a multi-select list's choices. */
  value: FieldValue;
  /** The choices of a radio group, dropdown or list. */
  options?: string[];
  multiline?: boolean;
  /** A date field's format, as the form's own script formats it ("mm/dd/yyyy"). */
  dateFormat?: string;
  multiSelect?: boolean;
  /** A dropdown that also takes text of its own. */
  editable?: boolean;
  maxLength?: number;
  readOnly: boolean;
  required: boolean;
  /** Where the field shows: a radio group has a widget per choice (`option`). */
  widgets: (PageArea & { option?: string })[];
}

export interface FormFieldsAnswer {
  pageCount: number;
  fields: FormField[];
}

// ---- Sign -----------------------------------------------------------------------------------------

const ROTATION_MESSAGE = "The rotation must be a number of degrees from -180 to 180.";
const Placement = v.object(
  {
    ...PageArea.entries,
    rotation: v.optional(
      v.pipe(v.number(ROTATION_MESSAGE), v.minValue(-180, ROTATION_MESSAGE), v.maxValue(180, ROTATION_MESSAGE)),
      0,
    ),
  },
  PLACE_MESSAGE,
);
export type Placement = v.InferOutput<typeof Placement>;
export const MAX_PLACEMENTS = 1000;
export const MAX_SIGNATURE_MB = 5;

export const SignOptions = v.object({
  ...FilePasswords,
  /** The signature as a PNG (transparent background) or JPEG, in its own file field. */
  signature: attachedImage("Add your signature: draw it, type it, or upload a PNG or JPEG image of it."),
  /** Where it goes: one entry per place, on any pages. */
  placements: v.pipe(
    jsonField(v.array(Placement, PLACE_MESSAGE), PLACE_MESSAGE, "[]"),
    v.minLength(1, "Place your signature on at least one page."),
    v.maxLength(MAX_PLACEMENTS, `A signature can be placed at most ${MAX_PLACEMENTS} times.`),
  ),
  /** Written on a line under each signature. */
  signerName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, "The name can be at most 120 characters."))),
  /** Written under it too, as given (the page writes today's date in the visitor's own format). */
  date: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, "The date can be at most 60 characters."))),
});

// ---- Redact ---------------------------------------------------------------------------------------

export const REDACT_PATTERNS = ["email", "phone", "iban"] as const;
export type RedactPattern = (typeof REDACT_PATTERNS)[number];
const PATTERNS_MESSAGE = "Patterns must be a list of email, phone and iban, separated by commas.";
const AREAS_MESSAGE =
  'The areas must be a JSON list of areas, such as [{"page":1,"x":0.1,"y":0.2,"width":0.3,"height":0.05}].';
export const MAX_REDACT_AREAS = 5000;

const patternList = v.array(v.picklist(REDACT_PATTERNS, PATTERNS_MESSAGE), PATTERNS_MESSAGE);

/** What to find: text (exact or ignoring case, optionally whole words), and patterns. */
export const RedactSearchOptions = v.object({
  ...FilePasswords,
  search: v.optional(v.pipe(v.string(), v.maxLength(500, "The search can be at most 500 characters."))),
  matchCase: allow("matchCase", false),
  wholeWord: allow("wholeWord", false),
  patterns: withDefault(
    v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(",")
          .map((p) => p.trim().toLowerCase())
          .filter(Boolean),
      ),
      patternList,
    ),
    [] as RedactPattern[],
  ),
});

/** One search of several (the page sends every search the person made): as the fields above. */
export interface RedactSearchItem {
  search?: string;
  matchCase?: boolean;
  wholeWord?: boolean;
  patterns?: RedactPattern[];
}
const SEARCHES_MESSAGE =
  'The searches must be a JSON list such as [{"search":"Jane Roe","matchCase":false,"wholeWord":true,"patterns":["email"]}].';
export const MAX_REDACT_SEARCHES = 50;
const RedactSearchItem = v.object(
  {
    search: v.optional(v.pipe(v.string(), v.maxLength(500, "The search can be at most 500 characters."))),
    matchCase: v.optional(v.boolean(SEARCHES_MESSAGE)),
    wholeWord: v.optional(v.boolean(SEARCHES_MESSAGE)),
    patterns: v.optional(patternList),
  },
  SEARCHES_MESSAGE,
);
export const MAX_SKIPPED_MATCHES = 20_000;
const SKIP_MESSAGE = 'The matches to leave must be a JSON list of their ids, such as ["t1:10-14"].';

export const RedactOptions = v.pipe(
  v.object({
    ...RedactSearchOptions.entries,
    /** More searches, each as the fields above: what every one finds is redacted. */
    searches: v.pipe(
      jsonField(v.array(RedactSearchItem, SEARCHES_MESSAGE), SEARCHES_MESSAGE, "[]"),
      v.maxLength(MAX_REDACT_SEARCHES, `At most ${MAX_REDACT_SEARCHES} searches can be redacted at once.`),
    ),
    /** Matches the person chose to leave, by the id the preview gave them. */
    skip: v.pipe(
      jsonField(
        v.array(v.pipe(v.string(SKIP_MESSAGE), v.maxLength(2000, SKIP_MESSAGE)), SKIP_MESSAGE),
        SKIP_MESSAGE,
        "[]",
      ),
      v.maxLength(MAX_SKIPPED_MATCHES, `At most ${MAX_SKIPPED_MATCHES} matches can be left out.`),
    ),
    /** Areas marked by hand. */
    areas: v.pipe(
      jsonField(v.array(PageArea, AREAS_MESSAGE), AREAS_MESSAGE, "[]"),
      v.maxLength(MAX_REDACT_AREAS, `At most ${MAX_REDACT_AREAS} areas can be redacted at once.`),
    ),
    /** The document's title, author and other metadata (and XMP) removed too: what redacting is for. */
    clearMetadata: allow("clearMetadata", true),
    color: withDefault(
      oneOf(["black", "white", "red"], "The box colour must be black, white or red."),
      "black" as "black" | "white" | "red",
    ),
  }),
  v.check(
    (o) =>
      o.areas.length > 0 ||
      (o.search?.trim() ?? "") !== "" ||
      o.patterns.length > 0 ||
      o.searches.some((s) => (s.search?.trim() ?? "") !== "" || (s.patterns?.length ?? 0) > 0),
    "Mark at least one area, or search for text or a pattern, to redact.",
  ),
);

/** Where a match is: the page's text, or a place the file keeps elsewhere. */
export const REDACT_PLACE_KINDS = [
  "text",
  "field",
  "annotation",
  "link",
  "bookmark",
  "javascript",
  "metadata",
  "attachment",
  "structure",
  "other",
] as const;
export type RedactPlaceKind = (typeof REDACT_PLACE_KINDS)[number];

/**
 * One match of a search, as POST /api/redact-preview lists them: on a page (its boxes there), or
 * elsewhere in the file (page 0, no boxes: a bookmark, the metadata, a script, an attachment...).
 * The id names it when it is left out (`skip`).
 */
export interface TextMatchAnswer {
  id: string;
  page: number;
  text: string;
  /** The words around it. */
  context: string;
  kind: RedactPlaceKind;
  /** The field's name, the bookmark's title, the metadata entry, the attachment's name... */
  label?: string;
  rects: PageRect[];
}
export interface RedactPreviewAnswer {
  pageCount: number;
  matches: TextMatchAnswer[];
}
