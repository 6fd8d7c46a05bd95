import type { MessageKey } from "../i18n/catalogs";
import { translate, type Values } from "../i18n/runtime";

/** One message of the tool machinery's catalog (`tool-shell`) in the page's language, read when it is shown. */
export const shellText = (key: MessageKey<"tool-shell">, values?: Values): string =>
  translate("tool-shell", key, values);

const s = shellText;

/**
 * The spec's words for the tool pages (sections 5 and 8), written once so every page says them the
 * same way. English is in web/i18n/locales/en/tool-shell.json; each is read in the page's language
 * when it is used (getters), so a tool route must load `tool-shell` (every tool route's loader does).
 */
export const messages = {
  get processed() {
    return s("processed");
  },
  get processingFailed() {
    return s("processingFailed");
  },
  get downloadStarted() {
    return s("downloadStarted");
  },
  locked: {
    get title() {
      return s("locked.title");
    },
    description: (name: string) => s("locked.description", { name }),
    prompt: (name: string) => s("locked.prompt", { name }),
    get wrong() {
      return s("locked.wrong");
    },
    get note() {
      return s("locked.note");
    },
  },
  merge: {
    get tooFewTitle() {
      return s("merge.tooFewTitle");
    },
    get tooFewDescription() {
      return s("merge.tooFewDescription");
    },
    get tooFewItem() {
      return s("merge.tooFewItem");
    },
    get download() {
      return s("merge.download");
    },
  },
  split: {
    get invalidTypeTitle() {
      return s("split.invalidTypeTitle");
    },
    get invalidTypeDescription() {
      return s("split.invalidTypeDescription");
    },
    get tooLargeTitle() {
      return s("split.tooLargeTitle");
    },
    get tooLargeDescription() {
      return s("split.tooLargeDescription");
    },
    get noPagesTitle() {
      return s("split.noPagesTitle");
    },
    get noPagesExtract() {
      return s("split.noPagesExtract");
    },
    get noPagesSplit() {
      return s("split.noPagesSplit");
    },
    get analyzeFailed() {
      return s("split.analyzeFailed");
    },
    get analyzeToastTitle() {
      return s("split.analyzeToastTitle");
    },
    get analyzeToastDescription() {
      return s("split.analyzeToastDescription");
    },
    get analyzed() {
      return s("split.analyzed");
    },
    get extractFailed() {
      return s("split.extractFailed");
    },
    get extractToastTitle() {
      return s("split.extractToastTitle");
    },
    get extracted() {
      return s("split.extracted");
    },
    get splitFailed() {
      return s("split.splitFailed");
    },
    get splitToastTitle() {
      return s("split.splitToastTitle");
    },
    get another() {
      return s("split.another");
    },
    get tryAgain() {
      return s("split.tryAgain");
    },
  },
  watermark: {
    get defaultText() {
      return s("watermark.defaultText");
    },
    get textRequired() {
      return s("watermark.textRequired");
    },
    get noFiles() {
      return s("watermark.noFiles");
    },
    get invalidFilesTitle() {
      return s("watermark.invalidFilesTitle");
    },
    get invalidFilesDescription() {
      return s("watermark.invalidFilesDescription");
    },
    get errorTitle() {
      return s("watermark.errorTitle");
    },
    get fallback() {
      return s("watermark.fallback");
    },
    get completed() {
      return s("watermark.completed");
    },
    get logoMissing() {
      return s("watermark.logoMissing");
    },
    get logoInvalidTitle() {
      return s("watermark.logoInvalidTitle");
    },
    get logoInvalidType() {
      return s("watermark.logoInvalidType");
    },
    logoTooLarge: (mb: number) => s("watermark.logoTooLarge", { mb }),
  },
};
