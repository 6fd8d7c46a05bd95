import type { Messages } from "@lingui/core";
import type { LocaleTag } from "../../schema/locales";
import { type ToolGroup, type ToolId, toolGroups, tools } from "../../schema/tools";
import type account from "./locales/en/account.json";
import type auth from "./locales/en/auth.json";
import type cloud from "./locales/en/cloud.json";
import enCommon from "./locales/en/common.json";
import type compressImage from "./locales/en/compress-image.json";
import type compressPdf from "./locales/en/compress-pdf.json";
import type cropPdf from "./locales/en/crop-pdf.json";
import type donate from "./locales/en/donate.json";
import type editMetadata from "./locales/en/edit-metadata.json";
import type errors from "./locales/en/errors.json";
import type extractImages from "./locales/en/extract-images.json";
import type fillForm from "./locales/en/fill-form.json";
import type flattenPdf from "./locales/en/flatten-pdf.json";
import type history from "./locales/en/history.json";
import type home from "./locales/en/home.json";
import type jpgToPdf from "./locales/en/jpg-to-pdf.json";
import type legal from "./locales/en/legal.json";
import type mergePdf from "./locales/en/merge-pdf.json";
import type nupPdf from "./locales/en/nup-pdf.json";
import type organizePdf from "./locales/en/organize-pdf.json";
import type pageNumbers from "./locales/en/page-numbers.json";
import type parts from "./locales/en/parts.json";
import type pdfToImage from "./locales/en/pdf-to-image.json";
import type premium from "./locales/en/premium.json";
import type protectPdf from "./locales/en/protect-pdf.json";
import type redactPdf from "./locales/en/redact-pdf.json";
import type removePages from "./locales/en/remove-pages.json";
import type rotatePdf from "./locales/en/rotate-pdf.json";
import type shared from "./locales/en/shared.json";
import type signPdf from "./locales/en/sign-pdf.json";
import type splitPdf from "./locales/en/split-pdf.json";
import type toolShell from "./locales/en/tool-shell.json";
import type unlockPdf from "./locales/en/unlock-pdf.json";
import type watermarkPdf from "./locales/en/watermark-pdf.json";

/**
 * The English catalogs, the source of truth: each namespace's keys are the keys of its English
 * file (web/i18n/locales/en/<namespace>.json), so a missing or misspelt key is a type error.
 * `tools` is the exception: its English is the tool catalogue itself (schema/tools.ts).
 */
export interface EnglishCatalogs {
  common: typeof enCommon;
  tools: Record<ToolKey, string>;
  home: typeof home;
  donate: typeof donate;
  auth: typeof auth;
  shared: typeof shared;
  cloud: typeof cloud;
  errors: typeof errors;
  account: typeof account;
  history: typeof history;
  premium: typeof premium;
  legal: typeof legal;
  parts: typeof parts;
  "crop-pdf": typeof cropPdf;
  "edit-metadata": typeof editMetadata;
  "extract-images": typeof extractImages;
  "fill-form": typeof fillForm;
  "flatten-pdf": typeof flattenPdf;
  "nup-pdf": typeof nupPdf;
  "organize-pdf": typeof organizePdf;
  "page-numbers": typeof pageNumbers;
  "pdf-to-image": typeof pdfToImage;
  "redact-pdf": typeof redactPdf;
  "remove-pages": typeof removePages;
  "sign-pdf": typeof signPdf;
  "split-pdf": typeof splitPdf;
  "jpg-to-pdf": typeof jpgToPdf;
  "tool-shell": typeof toolShell;
  "merge-pdf": typeof mergePdf;
  "compress-image": typeof compressImage;
  "compress-pdf": typeof compressPdf;
  "protect-pdf": typeof protectPdf;
  "rotate-pdf": typeof rotatePdf;
  "unlock-pdf": typeof unlockPdf;
  "watermark-pdf": typeof watermarkPdf;
}

export type Namespace = keyof EnglishCatalogs;
export type MessageKey<N extends Namespace> = keyof EnglishCatalogs[N] & string;

export const NAMESPACES = [
  "common",
  "tools",
  "home",
  "donate",
  "auth",
  "shared",
  "cloud",
  "errors",
  "account",
  "history",
  "premium",
  "legal",
  "parts",
  "crop-pdf",
  "edit-metadata",
  "extract-images",
  "fill-form",
  "flatten-pdf",
  "nup-pdf",
  "organize-pdf",
  "page-numbers",
  "pdf-to-image",
  "redact-pdf",
  "remove-pages",
  "sign-pdf",
  "split-pdf",
  "jpg-to-pdf",
  "tool-shell",
  "merge-pdf",
  "compress-image",
  "compress-pdf",
  "protect-pdf",
  "rotate-pdf",
  "unlock-pdf",
  "watermark-pdf",
] as const satisfies readonly Namespace[];

/** Every page needs these (the header, footer and page titles name the tools): loaded before the first render. */
export const CORE_NAMESPACES = ["common", "tools"] as const satisfies readonly Namespace[];

type GroupKey = `group.${ToolGroup}`;
/** A tool's keywords are one message, the words separated by commas (web/search reads them). */
export type ToolKey = `${ToolId}.title` | `${ToolId}.description` | `${ToolId}.keywords` | GroupKey;

/** The heading of a group of tools (home, All Tools). */
export const groupKey = (group: ToolGroup): GroupKey => `group.${group}`;

/** The `tools` namespace in English, read from the catalogue: titles, descriptions, keywords, group headings. */
export function englishToolMessages(): Record<ToolKey, string> {
  const out: Record<string, string> = {};
  for (const t of tools) {
    out[`${t.id}.title`] = t.title;
    out[`${t.id}.description`] = t.description;
    out[`${t.id}.keywords`] = t.keywords.join(", ");
  }
  for (const g of toolGroups) out[groupKey(g.id)] = g.heading;
  return out as Record<ToolKey, string>;
}

declare const __I18N_BASE__: string;

/**
 * Tests (vitest) read the catalog files through Vite; the built site fetches the compiled copies
 * (web/i18n/vite-plugin.ts). `import.meta.env.MODE` is fixed at build time, so the test branch and
 * its table of files are not in the site's bundle.
 */
const testFiles =
  import.meta.env.MODE === "test" ? import.meta.glob<Messages>("./locales/*/*.json", { import: "default" }) : {};

/** English's chrome ships in the main bundle: no request stands between an English visitor and the page. */
const eager: Partial<Record<`${LocaleTag}:${Namespace}`, () => Messages>> = {
  "en:common": () => enCommon as unknown as Messages,
  "en:tools": () => englishToolMessages(),
};

/** The compiled messages of one namespace in one language, by key. */
export async function loadCatalog(tag: LocaleTag, ns: Namespace): Promise<Messages> {
  const now = eager[`${tag}:${ns}`];
  if (now) return now();
  if (import.meta.env.MODE === "test") {
    const file = testFiles[`./locales/${tag}/${ns}.json`];
    if (!file) throw new Error(`No catalog ${tag}/${ns}`);
    return file();
  }
  const res = await fetch(`${__I18N_BASE__}/${tag}/${ns}.json`);
  if (!res.ok) throw new Error(`Catalog ${tag}/${ns}: ${res.status}`);
  return (await res.json()) as Messages;
}

export function eagerCatalog(tag: LocaleTag, ns: Namespace): Messages | undefined {
  return eager[`${tag}:${ns}`]?.();
}
