// What the tools benchmark runs: the Worker's own PDF engines, bundled for Node by bundle.mjs.

export { Budget } from "../../worker/engine/core/budget.ts";
export { imagesToPdf } from "../../worker/engine/images-to-pdf.ts";
export { mergePdfs } from "../../worker/engine/merge-pdf.ts";
export { protectPdf } from "../../worker/engine/protect-pdf.ts";
export { rotatePdf } from "../../worker/engine/rotate-pdf.ts";
export { extractPages, splitPages } from "../../worker/engine/split-pdf.ts";
export { unlockPdf } from "../../worker/engine/unlock-pdf.ts";
export { watermarkPdf } from "../../worker/engine/watermark-pdf.ts";
