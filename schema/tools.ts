/**
 * The one tool catalogue. The home grid, All Tools, the header, the tool pages and the
 * worker's conversion routes all read this list; nothing else names a tool.
 */

export type ToolCategory = "merge" | "split" | "edit" | "security" | "other";

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

/** The All Tools page's groups, in order; a group with no tools is hidden. */
export const toolGroups: readonly { heading: string; categories: readonly ToolCategory[] }[] = [
  { heading: "Merge & Split", categories: ["merge", "split"] },
  { heading: "Edit PDFs", categories: ["edit"] },
  { heading: "Security", categories: ["security"] },
  { heading: "Other Tools", categories: ["other"] },
];

export function groupTools(list: readonly ToolDef[] = tools) {
  return toolGroups
    .map((g) => ({ heading: g.heading, tools: list.filter((t) => g.categories.includes(t.category)) }))
    .filter((g) => g.tools.length > 0);
}

/** The header's tool links, in the spec's order. */
export const headerToolIds = ["merge-pdf", "split-pdf", "compress-pdf"] as const satisfies readonly ToolId[];
