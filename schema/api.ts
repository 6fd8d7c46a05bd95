/**
 * What client and server agree on: request and response bodies, validated with valibot on
 * both sides. Messages are the spec's, word for word.
 */
import * as v from "valibot";

/**
 * A new password's refusals on the server, beyond the 6 characters both sides check (NIST SP
 * 800-63B): shorter than MIN_NEW_PASSWORD, a common or breached one or a common word with digits
 * or symbols around it, or one made of the person's name, email or the site's name.
 */
export const NEW_PASSWORD_PROBLEMS = ["too_short", "common", "personal"] as const;
export type NewPasswordProblem = (typeof NEW_PASSWORD_PROBLEMS)[number];
export const MIN_NEW_PASSWORD = 8;

export const ErrorBody = v.object({
  error: v.string(),
  code: v.string(),
  upgradeMessage: v.optional(v.string()),
  fields: v.optional(v.record(v.string(), v.string())),
  /** Why a new password was refused (sign-up): the dialog words it in the page's language. */
  passwordProblem: v.optional(v.picklist(NEW_PASSWORD_PROBLEMS)),
});
export type ErrorBody = v.InferOutput<typeof ErrorBody>;

/**
 * The closed set of error codes and the HTTP status each is answered with: the Worker's errors
 * (worker/errors.ts) and a job refused on the visitor's device (web/device) alike, so a page's
 * handling of a status (the 413's offer, the 422's password prompt) works wherever the job ran.
 */
export const errorStatus = {
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 400,
  nothing_found: 422,
  unsupported_file_type: 400,
  invalid_file: 400,
  cancelled: 400,
  pdf_damaged: 422,
  pdf_encrypted: 422,
  pdf_unsupported: 422,
  password_required: 422,
  password_incorrect: 422,
  job_too_large: 413,
  unauthorized: 401,
  forbidden: 403,
  challenge_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  /** An upload that arrived too slowly, or stopped arriving (worker/services/body-guard.ts). */
  request_timeout: 408,
  unsupported_media_type: 415,
  conflict: 409,
  gone: 410,
  file_too_large: 413,
  payload_too_large: 413,
  rate_limited: 429,
  quota_exceeded: 429,
  /** The daily bytes of device-made files stored with POST /api/results (worker/services/stored-bytes.ts). */
  upload_limit_reached: 429,
  job_timeout: 422,
  not_configured: 503,
  busy: 503,
  unavailable: 503,
  upstream_failed: 502,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

// ---- Accounts (spec section 5) ----

const email = v.pipe(
  v.string("Please enter a valid email address"),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(254, "Please enter a valid email address"),
  v.email("Please enter a valid email address"),
);

const password = v.pipe(
  v.string("Password must be at least 6 characters"),
  v.minLength(6, "Password must be at least 6 characters"),
  v.maxLength(256, "Password must be at most 256 characters"),
);
const name = (message: string) =>
  v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(100, "Name must be at most 100 characters"));

export const LoginBody = v.object({
  email,
  password,
  /** A Turnstile token, asked for after repeated failures against the account. */
  challenge: v.optional(v.pipe(v.string("The challenge answer must be text."), v.maxLength(2048))),
});
export type LoginBody = v.InferOutput<typeof LoginBody>;

/** DELETE /api/account: the password again, so a session left open is not enough to erase everything. */
export const DeleteAccountBody = v.object({
  password: v.pipe(
    v.string("Enter your password to delete your account"),
    v.minLength(1, "Enter your password to delete your account"),
    v.maxLength(256),
  ),
});
export type DeleteAccountBody = v.InferOutput<typeof DeleteAccountBody>;

export const RegisterBody = v.pipe(
  v.object({
    firstName: name("First name is required"),
    lastName: name("Last name is required"),
    email,
    password,
    confirmPassword: v.string("Passwords do not match"),
  }),
  v.forward(
    v.partialCheck(
      [["password"], ["confirmPassword"]],
      (input) => input.password === input.confirmPassword,
      "Passwords do not match",
    ),
    ["confirmPassword"],
  ),
);
export type RegisterBody = v.InferOutput<typeof RegisterBody>;

export const PublicUser = v.object({
  id: v.number(),
  email: v.string(),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  role: v.string(),
  dailyConversions: v.number(),
  dailyLimit: v.nullable(v.number()),
  subscriptionStatus: v.nullable(v.string()),
  /** Whether Stripe knows this person (so the billing portal can manage their subscription). */
  hasBillingAccount: v.boolean(),
  emailVerified: v.boolean(),
  createdAt: v.string(),
});
export type PublicUser = v.InferOutput<typeof PublicUser>;

/**
 * GET /api/usage: today's conversions for whoever asks, a guest (by address) or an account, read
 * without counting (schema/allowance.ts says what counts).
 */
export const Usage = v.object({
  tier: v.picklist(["guest", "free", "premium"]),
  used: v.number(),
  /** null: unlimited. */
  daily: v.nullable(v.number()),
  /** null: unlimited. */
  remaining: v.nullable(v.number()),
});
export type Usage = v.InferOutput<typeof Usage>;

export const AuthResponse = v.object({
  success: v.boolean(),
  sessionToken: v.optional(v.string()),
  user: v.optional(PublicUser),
  error: v.optional(v.string()),
});
export type AuthResponse = v.InferOutput<typeof AuthResponse>;

// ---- Donations (spec section 5) ----

export const DONATION_MIN = 1;
export const DONATION_MAX = 1000;
export const DONATION_QUICK_AMOUNTS = [3, 5, 10, 25] as const;
export const DONATION_DEFAULT = 5;

export const DonationBody = v.object({
  amount: v.pipe(
    v.number("Amount must be at least $1"),
    v.finite("Amount must be at least $1"),
    v.minValue(DONATION_MIN, "Amount must be at least $1"),
    v.maxValue(DONATION_MAX, "Amount cannot exceed $1000"),
    v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, "Amount can have at most 2 decimal places"),
  ),
  message: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, "Message must be at most 500 characters"))),
});
export type DonationBody = v.InferOutput<typeof DonationBody>;

// ---- Conversions (spec section 3, "Conversion response") ----

export const FileStatus = v.picklist(["completed", "watermarked", "unlocked", "error"]);
export type FileStatus = v.InferOutput<typeof FileStatus>;

export const ConvertedFile = v.object({
  downloadUrl: v.optional(v.string()),
  originalName: v.string(),
  convertedName: v.optional(v.string()),
  size: v.optional(v.number()),
  status: FileStatus,
  message: v.optional(v.string()),
  error: v.optional(v.string()),
  /** For a file that failed on its own: the error code (password_required, password_incorrect...). */
  code: v.optional(v.string()),
  compressedSize: v.optional(v.number()),
  compressionRatio: v.optional(v.string()),
  /** Compression: mean SSIM (0..1) of what was re-encoded, weighted by pixels; absent when nothing lossy happened. */
  quality: v.optional(v.number()),
  /** Compress to a size: the size asked for (bytes), and whether the result is within it. */
  targetSize: v.optional(v.number()),
  targetMet: v.optional(v.boolean()),
  /** Compress PDF: how many embedded fonts were cut to the glyphs the file uses. */
  fontsSubset: v.optional(v.number()),
  expiresAt: v.optional(v.string()),
  /** What some tools report of their work: pages (split, redact), redaction's counts, forms'. */
  pageCount: v.optional(v.number()),
  boxes: v.optional(v.number()),
  pages: v.optional(v.number()),
  matches: v.optional(v.number()),
  glyphsRemoved: v.optional(v.number()),
  imagesPainted: v.optional(v.number()),
  annotationsRemoved: v.optional(v.number()),
  placesCleaned: v.optional(v.number()),
  filledFields: v.optional(v.number()),
  rows: v.optional(v.number()),
  placements: v.optional(v.number()),
  flattenedFields: v.optional(v.number()),
  flattenedAnnotations: v.optional(v.number()),
});
export type ConvertedFile = v.InferOutput<typeof ConvertedFile>;

export const ConversionResponse = v.object({
  files: v.optional(v.array(ConvertedFile)),
  file: v.optional(ConvertedFile),
  message: v.optional(v.string()),
});
export type ConversionResponse = v.InferOutput<typeof ConversionResponse>;

export const AnalyzeResponse = v.object({ pageCount: v.number() });
export type AnalyzeResponse = v.InferOutput<typeof AnalyzeResponse>;

export const SharedFileInfo = v.object({
  fileName: v.string(),
  uploadTime: v.string(),
  expiresAt: v.string(),
  /** When the file itself is deleted: never before the link ends, often after it. */
  fileExpiresAt: v.optional(v.string()),
  size: v.optional(v.number()),
  contentType: v.optional(v.string()),
});
export type SharedFileInfo = v.InferOutput<typeof SharedFileInfo>;

// ---- Public configuration: what the client may know about optional features ----

export const PublicConfig = v.object({
  donations: v.object({ enabled: v.boolean(), publishableKey: v.nullable(v.string()) }),
  premium: v.object({ enabled: v.boolean(), priceLabel: v.nullable(v.string()) }),
  cloud: v.object({ google: v.boolean(), dropbox: v.boolean() }),
  /** Turnstile's public site key, when sign-in can ask for a challenge. */
  turnstile: v.object({ siteKey: v.nullable(v.string()) }),
  limits: v.object({
    maxFileSizeMB: v.number(),
    resultTtlHours: v.number(),
    daily: v.object({ guest: v.number(), free: v.number(), premium: v.nullable(v.number()) }),
  }),
  /** Where the site's operator can be written to (CONTACT_EMAIL), shown on the legal pages. */
  contact: v.nullable(v.string()),
});
export type PublicConfig = v.InferOutput<typeof PublicConfig>;

// ---- Share links and history (issue 7) ----

export const SHARE_EXPIRY = { "1h": 3600_000, "24h": 24 * 3600_000, "7d": 7 * 24 * 3600_000 } as const;
export type ShareExpiry = keyof typeof SHARE_EXPIRY;

export const ShareBody = v.object({
  downloadUrl: v.pipe(
    v.string("Choose a file to share"),
    v.regex(/^\/api\/download\/[A-Za-z0-9_-]{22,86}$/, "Only a result of this site can be shared"),
  ),
  expiresIn: v.optional(v.picklist(["1h", "24h", "7d"], "Links can last 1 hour, 24 hours or 7 days"), "24h"),
});
export type ShareBody = v.InferOutput<typeof ShareBody>;

export const ShareResponse = v.object({ shareId: v.string(), shareUrl: v.string(), expiresAt: v.string() });
export type ShareResponse = v.InferOutput<typeof ShareResponse>;

export const HistoryItem = v.object({
  id: v.number(),
  conversionType: v.string(),
  originalFilename: v.string(),
  /** Every file it was made from, in order (one name for most tools, several for merge). */
  sourceFilenames: v.array(v.string()),
  convertedFilename: v.nullable(v.string()),
  fileSize: v.nullable(v.number()),
  status: v.string(),
  createdAt: v.string(),
  expiresAt: v.nullable(v.string()),
  /** Null once the result has expired. */
  downloadUrl: v.nullable(v.string()),
});
export type HistoryItem = v.InferOutput<typeof HistoryItem>;

export const HistoryPage = v.object({
  items: v.array(HistoryItem),
  page: v.number(),
  pageSize: v.number(),
  total: v.number(),
});
export type HistoryPage = v.InferOutput<typeof HistoryPage>;

// ---- Saving to Google Drive and Dropbox (issue 9) ----

export const CloudStartBody = v.object({
  downloadUrl: v.pipe(
    v.string("Choose a file to save"),
    v.regex(/^\/api\/download\/[A-Za-z0-9_-]{22,86}$/, "Only a result of this site can be saved"),
  ),
});

/** The OAuth state that travels through the provider and back as a JSON object. */
export const CloudState = v.object({
  provider: v.picklist(["google", "dropbox"]),
  file: v.pipe(v.string(), v.maxLength(100)),
  nonce: v.pipe(v.string(), v.maxLength(100)),
  exp: v.number(),
  sig: v.pipe(v.string(), v.maxLength(100)),
});
export type CloudState = v.InferOutput<typeof CloudState>;

export const CloudCallbackBody = v.object(
  {
    code: v.pipe(
      v.string("Missing required parameters"),
      v.minLength(1, "Missing required parameters"),
      v.maxLength(4096),
    ),
    state: v.object(CloudState.entries, "Missing required parameters"),
    redirectUri: v.pipe(v.string("Missing required parameters"), v.url("Missing required parameters")),
  },
  "Missing required parameters",
);
