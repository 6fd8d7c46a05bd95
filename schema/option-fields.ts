import * as v from "valibot";

/**
 * The building blocks of the tools' option schemas (schema/options.ts, schema/form-options.ts):
 * how a form's text field becomes a typed option, with the message a person reads when it is wrong.
 */

/** A field absent, empty or only spaces. */
export const blank = (s: string | undefined): s is undefined => s === undefined || s.trim() === "";

/**
 * A field with a default: blank means `fallback`; otherwise `schema` reads the trimmed text.
 * (Passwords are the exception: their spaces count, see below.)
 */
export function withDefault<S extends v.GenericSchema<string, unknown>, F>(
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
export const oneOf = <const W extends readonly string[]>(words: W, message: string) =>
  v.pipe(v.string(), v.toLowerCase(), v.picklist(words, message));

export const wholeNumber = (message: string, min: number, max: number) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

/** A number field within bounds, with one message for every way it is not. */
export const numberIn = (message: string, min: number, max: number, whole = true) =>
  v.pipe(
    v.string(),
    v.transform(Number),
    whole
      ? wholeNumber(message, min, max)
      : v.pipe(v.number(message), v.minValue(min, message), v.maxValue(max, message)),
  );

export const MAX_PASSWORD_LENGTH = 1000;
const Password = v.pipe(
  v.string("Each password must be text."),
  v.maxLength(MAX_PASSWORD_LENGTH, `A password can be at most ${MAX_PASSWORD_LENGTH} characters long.`),
);
const PASSWORDS_MESSAGE = 'passwords must be a JSON object, such as {"report.pdf": "secret"}.';

/**
 * The passwords of encrypted inputs, for every tool that reads PDFs: `password` is tried on every
 * file, `passwords` (JSON: a file's name, or its position "0", "1"..., to its password) wins over it.
 */
export const FilePasswords = {
  /** Spaces count: only an empty field means "none". */
  password: v.optional(Password),
  passwords: jsonField(
    v.record(v.string(), Password, "passwords must map file names or positions to passwords."),
    PASSWORDS_MESSAGE,
    "{}",
  ),
};

/** The password a file of a job is opened with, if any (see FilePasswords). */
export function passwordFor(
  options: { password?: string; passwords: Record<string, string> },
  name: string,
  index: number,
): string | undefined {
  return options.passwords[String(index)] ?? options.passwords[name] ?? options.password;
}

/**
 * A JSON field read with a schema; `what` names it in the message when it is not JSON at all.
 * Absent or blank, it is `fallback`'s reading (or undefined without one).
 */
export function jsonField<S extends v.GenericSchema>(
  schema: S,
  what: string,
): v.GenericSchema<string | undefined, v.InferOutput<S> | undefined>;
export function jsonField<S extends v.GenericSchema>(
  schema: S,
  what: string,
  fallback: string,
): v.GenericSchema<string | undefined, v.InferOutput<S>>;
export function jsonField<S extends v.GenericSchema>(schema: S, what: string, fallback?: string) {
  return v.pipe(
    v.optional(v.string()),
    v.rawTransform(({ dataset, addIssue, NEVER }): v.InferOutput<S> | undefined => {
      const raw = blank(dataset.value) ? fallback : dataset.value;
      if (raw === undefined) return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        addIssue({ message: what });
        return NEVER;
      }
      const read = v.safeParse(schema, parsed);
      if (!read.success) {
        addIssue({ message: read.issues[0].message });
        return NEVER;
      }
      return read.output;
    }),
  );
}

/** "true"/"false" (also on/off, 1/0, yes/no); absent means `absent` (allowed, for permissions). */
export const allow = (name: string, absent = true) =>
  withDefault(
    v.pipe(
      v.string(),
      v.toLowerCase(),
      v.picklist(["true", "on", "1", "yes", "false", "off", "0", "no"], `${name} must be true or false.`),
      v.transform((s) => ["true", "on", "1", "yes"].includes(s)),
    ),
    absent,
  );

/** An image (a logo, a signature), as the Worker hands it over from its own multipart field once checked. */
export interface AttachedImage {
  name: string;
  kind: "png" | "jpeg";
  bytes: Uint8Array;
}

export const attachedImage = (message: string) =>
  v.custom<AttachedImage>((x) => typeof x === "object" && x !== null && "bytes" in x, message);
