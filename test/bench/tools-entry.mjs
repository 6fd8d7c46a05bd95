// What the tools benchmark runs: the Worker's own PDF engines, bundled for Node by bundle.mjs.

export { Budget } from "../../worker/engine/core/budget.ts";
export { protectPdf } from "../../worker/engine/pdf/crypto/protect.ts";
export { unlockPdf } from "../../worker/engine/pdf/crypto/unlock.ts";
export { imagesToPdf } from "../../worker/engine/pdf/embed/images-to-pdf.ts";
export { flattenPdf } from "../../worker/engine/pdf/flatten.ts";
export { mergePdfs } from "../../worker/engine/pdf/merge.ts";
export { organizePdfs, removePages } from "../../worker/engine/pdf/organize.ts";
export { rotatePdf } from "../../worker/engine/pdf/rotate.ts";
export { extractPages, splitPages } from "../../worker/engine/pdf/split.ts";
export { watermarkPdf } from "../../worker/engine/pdf/watermark.ts";
