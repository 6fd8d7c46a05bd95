/**
 * The one tool catalogue. The home grid, All Tools, the header, the tool pages and the
 * worker's conversion routes all read this list; nothing else names a tool.
 */

/** The spec's category of a tool (section 3); where the site lists it is its `group`. */
export type ToolCategory = "merge" | "split" | "edit" | "security" | "other";

/** The groups home and All Tools list tools under, in `toolGroups`' order. */
export type ToolGroup =
  | "organize"
  | "optimize"
  | "convert-to-pdf"
  | "convert-from-pdf"
  | "edit"
  | "sign-secure"
  | "images";

export type ToolIcon =
  | "merge"
  | "split"
  | "compress"
  | "image-to-pdf"
  | "image"
  | "watermark"
  | "rotate"
  | "unlock"
  | "protect"
  | "organize"
  | "remove"
  | "numbers"
  | "crop"
  | "nup"
  | "info"
  | "form"
  | "flatten"
  | "sign"
  | "redact"
  | "pdf-to-image"
  | "extract-images";

export interface ToolDef {
  id: string;
  title: string;
  description: string;
  icon: ToolIcon;
  path: `/${string}`;
  category: ToolCategory;
  /** Where home and All Tools list it: by what a person wants done, not by the spec's category. */
  group: ToolGroup;
  /**
   * Other words people search for it by, in English (the search matches them in every language);
   * each language adds its own as `<id>.keywords` in its tools catalog.
   */
  keywords: readonly string[];
  /**
   * Other paths people type for it (`/pdf-to-jpg`), in any language's prefix: the Worker answers
   * them with a 301 to `path`, the router replaces them with it. Never a page of their own.
   */
  aliases?: readonly `/${string}`[];
  /** A Chakra colour palette name; the card tints its icon with it. */
  color: string;
  /** Lower-case extensions with the dot, as the upload validation message lists them. */
  accept: readonly string[];
  /** MIME types the file picker offers; the server checks magic bytes regardless. */
  mimeTypes: readonly string[];
  maxSizeMB: number;
  minFiles: number;
  maxFiles: number;
  /** The conversion endpoints this tool calls, in the order the page uses them. */
  endpoints: readonly `/api/${string}`[];
  /**
   * The files become one document (merge, JPG to PDF, organize): one conversion however many
   * files go in. Every other tool counts each file (schema/allowance.ts).
   */
  combines?: boolean;
}

export const MAX_FILE_SIZE_MB = 25;

/**
 * The service's limits when the Worker's [vars] say nothing else (wrangler.toml sets them): the
 * Worker's config and the pages' defaults both start from these.
 */
export const DEFAULT_LIMITS = {
  maxFileSizeMB: MAX_FILE_SIZE_MB,
  /** One request's files together. */
  maxRequestMB: 50,
  resultTtlHours: 24,
  /** Conversions a day; null is unlimited. */
  daily: { guest: 2, free: 10, premium: null },
} as const;
/** The generic upload default when a tool sets no limit (spec section 9). */
export const DEFAULT_UPLOAD_LIMIT_MB = 10;

const PDF = { accept: [".pdf"], mimeTypes: ["application/pdf"] } as const;

export const tools = [
  {
    id: "merge-pdf",
    title: "Merge PDF",
    description: "Combine several PDFs into one document, in the order you choose.",
    icon: "merge",
    path: "/merge-pdf",
    category: "merge",
    group: "organize",
    keywords: ["combine", "join", "append", "concatenate", "unite", "put together", "bind"],
    color: "red",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 2,
    // The page promises unlimited files: the request's total size and the page cap bound the job.
    maxFiles: Number.POSITIVE_INFINITY,
    endpoints: ["/api/convert/merge-pdf"],
    combines: true,
  },
  {
    id: "split-pdf",
    title: "Split PDF",
    description: "Extract the pages you need, or split every selected page into its own PDF.",
    icon: "split",
    path: "/split-pdf",
    category: "split",
    group: "organize",
    keywords: ["extract pages", "separate", "divide", "cut", "break apart", "page range"],
    color: "orange",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 1,
    endpoints: ["/api/analyze-pdf", "/api/convert/extract-pages", "/api/convert/split-pages"],
  },
  {
    id: "compress-pdf",
    title: "Compress PDF",
    description: "Make PDFs smaller for email and upload while keeping them sharp and searchable.",
    icon: "compress",
    path: "/compress-pdf",
    category: "other",
    group: "optimize",
    keywords: ["reduce size", "shrink", "smaller", "optimize", "file size", "email", "minify"],
    color: "green",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    // The spec's compress page is a single-PDF upload.
    maxFiles: 1,
    endpoints: ["/api/convert/compress-pdf"],
  },
  {
    id: "jpg-to-pdf",
    title: "JPG to PDF",
    description: "Turn JPG, PNG and WebP images into one PDF, a page per image, in your order.",
    icon: "image-to-pdf",
    path: "/jpg-to-pdf",
    category: "other",
    group: "convert-to-pdf",
    keywords: ["image to pdf", "jpeg", "png", "webp", "photo", "picture", "scan", "convert"],
    aliases: ["/png-to-pdf", "/image-to-pdf"],
    color: "yellow",
    accept: [".jpg", ".jpeg", ".png", ".webp"],
    mimeTypes: ["image/jpeg", "image/png", "image/webp"],
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 50,
    endpoints: ["/api/convert/jpg-to-pdf"],
    combines: true,
  },
  {
    id: "compress-image",
    title: "Compress Images",
    description: "Shrink JPG, PNG and WebP images with no visible loss, and see what you saved.",
    icon: "image",
    path: "/compress-image",
    category: "other",
    group: "images",
    keywords: ["jpg", "jpeg", "png", "webp", "photo", "picture", "shrink", "reduce", "optimize", "smaller"],
    aliases: ["/compress-jpg", "/compress-png"],
    color: "teal",
    accept: [".jpg", ".jpeg", ".png", ".webp"],
    mimeTypes: ["image/jpeg", "image/png", "image/webp"],
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 10,
    endpoints: ["/api/convert/compress-image"],
  },
  {
    id: "watermark-pdf",
    title: "Watermark PDF",
    description: "Stamp text or your logo on every page: across it, in a corner or tiled, as faint as you like.",
    icon: "watermark",
    path: "/watermark-pdf",
    category: "edit",
    group: "edit",
    keywords: ["stamp", "logo", "text", "confidential", "draft", "overlay"],
    color: "blue",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 10,
    endpoints: ["/api/convert/watermark-pdf"],
  },
  {
    id: "rotate-pdf",
    title: "Rotate PDF",
    description: "Turn pages the right way up: every page or only the ones you pick.",
    icon: "rotate",
    path: "/rotate-pdf",
    category: "edit",
    group: "organize",
    keywords: ["turn", "orientation", "landscape", "portrait", "upside down", "sideways"],
    color: "purple",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 10,
    endpoints: ["/api/convert/rotate-pdf"],
  },
  {
    id: "unlock-pdf",
    title: "Unlock PDF",
    description: "Remove the password and restrictions from PDFs you are allowed to open.",
    icon: "unlock",
    path: "/unlock-pdf",
    category: "security",
    group: "sign-secure",
    keywords: ["remove password", "decrypt", "unprotect", "open", "restrictions", "permissions"],
    color: "cyan",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 10,
    endpoints: ["/api/convert/unlock-pdf"],
  },
  {
    id: "protect-pdf",
    title: "Protect PDF",
    description: "Lock a PDF with a password using strong AES-256 encryption.",
    icon: "protect",
    path: "/protect-pdf",
    category: "security",
    group: "sign-secure",
    keywords: ["password", "encrypt", "lock", "secure", "aes"],
    color: "pink",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 1,
    endpoints: ["/api/convert/protect-pdf"],
  },
  {
    id: "organize-pdf",
    title: "Organize PDF",
    description: "Reorder, rotate, delete, duplicate and add pages, from one PDF or several, with undo.",
    icon: "organize",
    path: "/organize-pdf",
    category: "merge",
    group: "organize",
    keywords: ["reorder", "rearrange", "sort", "move pages", "duplicate", "insert pages", "page order"],
    color: "red",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 20,
    endpoints: ["/api/convert/organize-pdf"],
    combines: true,
  },
  {
    id: "remove-pages",
    title: "Remove Pages",
    description: "Delete the pages you do not need: pick them, or type their numbers.",
    icon: "remove",
    path: "/remove-pages",
    category: "split",
    group: "organize",
    keywords: ["delete pages", "erase", "drop", "blank page"],
    aliases: ["/delete-pages"],
    color: "orange",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 1,
    endpoints: ["/api/convert/remove-pages"],
  },
  {
    id: "page-numbers",
    title: "Add Page Numbers",
    description: "Number your pages where you want them, in the style you want, upright on every page.",
    icon: "numbers",
    path: "/page-numbers",
    category: "edit",
    group: "edit",
    keywords: ["number pages", "pagination", "paginate", "footer", "header", "bates"],
    aliases: ["/add-page-numbers"],
    color: "blue",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 10,
    endpoints: ["/api/convert/page-numbers"],
  },
  {
    id: "crop-pdf",
    title: "Crop PDF",
    description: "Trim the margins of pages, by hand or automatically, without losing any quality.",
    icon: "crop",
    path: "/crop-pdf",
    category: "edit",
    group: "edit",
    keywords: ["trim", "margins", "cut", "white space", "resize page"],
    color: "purple",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 1,
    endpoints: ["/api/convert/crop-pdf"],
  },
  {
    id: "nup-pdf",
    title: "Pages per Sheet",
    description: "Print 2, 4, 6, 9 or 16 pages on each sheet, with the text still selectable.",
    icon: "nup",
    path: "/nup-pdf",
    category: "other",
    group: "organize",
    keywords: ["n-up", "2-up", "4-up", "multiple pages per sheet", "print", "handout", "imposition"],
    color: "green",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 1,
    endpoints: ["/api/convert/nup-pdf"],
  },
  {
    id: "edit-metadata",
    title: "Edit Metadata",
    description: "See and change a PDF's title, author, keywords and dates, or remove them all.",
    icon: "info",
    path: "/edit-metadata",
    category: "edit",
    group: "edit",
    keywords: ["properties", "title", "author", "subject", "keywords", "document info", "remove metadata", "xmp"],
    color: "cyan",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 1,
    endpoints: ["/api/convert/edit-metadata"],
  },
  {
    id: "fill-form",
    title: "Fill PDF Form",
    description: "Fill in a PDF form on its pages, or from a CSV or JSON file: one PDF per row if you like.",
    icon: "form",
    path: "/fill-form",
    category: "edit",
    group: "edit",
    keywords: ["form", "forms", "fillable", "fields", "fill in", "fill out", "csv", "json", "mail merge"],
    color: "teal",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 1,
    endpoints: ["/api/form-fields", "/api/convert/fill-form"],
  },
  {
    id: "flatten-pdf",
    title: "Flatten PDF",
    description:
      "Fix form fields, comments and stamps into the pages, so they show everywhere and nobody can change them.",
    icon: "flatten",
    path: "/flatten-pdf",
    category: "edit",
    group: "edit",
    keywords: ["form fields", "forms", "annotations", "comments", "uneditable", "lock form"],
    color: "orange",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 10,
    endpoints: ["/api/convert/flatten-pdf"],
  },
  {
    id: "sign-pdf",
    title: "Sign PDF",
    description: "Draw, type or upload your signature and place it on any page, with the date and your name.",
    icon: "sign",
    path: "/sign-pdf",
    category: "security",
    group: "sign-secure",
    keywords: ["signature", "e-sign", "esign", "initials", "handwritten", "autograph", "sign document"],
    color: "blue",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 1,
    endpoints: ["/api/convert/sign-pdf"],
  },
  {
    id: "redact-pdf",
    title: "Redact PDF",
    description: "Black out text, images and areas for good: what lies under each box is removed from the file.",
    icon: "redact",
    path: "/redact-pdf",
    category: "security",
    group: "sign-secure",
    keywords: ["black out", "blackout", "censor", "hide text", "remove text", "anonymize", "privacy", "gdpr"],
    color: "gray",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 1,
    endpoints: ["/api/redact-preview", "/api/convert/redact-pdf"],
  },
  {
    id: "pdf-to-image",
    title: "PDF to JPG",
    description: "Turn PDF pages into JPG or PNG images, made on your device: the file never leaves it.",
    icon: "pdf-to-image",
    path: "/pdf-to-image",
    category: "other",
    group: "convert-from-pdf",
    keywords: ["jpg", "jpeg", "png", "image", "picture", "convert", "export pages", "screenshot"],
    aliases: ["/pdf-to-jpg", "/pdf-to-png"],
    color: "yellow",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 1,
    // Rendered in the browser with pdf.js: nothing is sent (Workers have no canvas).
    endpoints: [],
  },
  {
    id: "extract-images",
    title: "Extract Images",
    description: "Save the photos and pictures inside a PDF as they are, without losing any quality.",
    icon: "extract-images",
    path: "/extract-images",
    category: "other",
    group: "convert-from-pdf",
    keywords: ["pictures", "photos", "save images", "get images", "export images", "jpg", "png"],
    color: "teal",
    ...PDF,
    maxSizeMB: MAX_FILE_SIZE_MB,
    minFiles: 1,
    maxFiles: 1,
    endpoints: ["/api/convert/extract-images"],
  },
] as const satisfies readonly ToolDef[];

export type Tool = (typeof tools)[number];
export type ToolId = Tool["id"];

export const toolsById = Object.fromEntries(tools.map((t) => [t.id, t])) as {
  [K in ToolId]: Extract<Tool, { id: K }>;
};

/**
 * The groups home and All Tools list tools under, in order, as a person looks for a tool (what
 * they want done), with their English headings; a group with no tools is hidden.
 */
export const toolGroups: readonly { id: ToolGroup; heading: string }[] = [
  { id: "organize", heading: "Organize" },
  { id: "optimize", heading: "Optimize" },
  { id: "convert-to-pdf", heading: "Convert to PDF" },
  { id: "convert-from-pdf", heading: "Convert from PDF" },
  { id: "edit", heading: "Edit" },
  { id: "sign-secure", heading: "Sign and secure" },
  { id: "images", heading: "Images" },
];

/** The tools of each group, in catalogue order; empty groups left out. */
export function groupTools(list: readonly ToolDef[] = tools): { id: ToolGroup; heading: string; tools: ToolDef[] }[] {
  return toolGroups
    .map((g) => ({ ...g, tools: list.filter((t) => t.group === g.id) }))
    .filter((g) => g.tools.length > 0);
}

/** The tool an alias path (`/pdf-to-jpg`, without a language prefix) stands for. */
export function toolByAlias(path: string): Tool | undefined {
  return tools.find((t) => "aliases" in t && (t.aliases as readonly string[]).includes(path));
}

/** The header's tool links, in the spec's order. */
export const headerToolIds = ["merge-pdf", "split-pdf", "compress-pdf"] as const satisfies readonly ToolId[];
