// What the tools benchmark runs: the Worker's own PDF engines, bundled for Node by bundle.mjs.

export { Budget } from "../../worker/engine/core/budget.ts";
export { imagesToPdf } from "../../worker/engine/tools/images-to-pdf.ts";
export { mergePdfs } from "../../worker/engine/tools/merge-pdf.ts";
export { protectPdf } from "../../worker/engine/tools/protect-pdf.ts";
export { rotatePdf } from "../../worker/engine/tools/rotate-pdf.ts";
export { extractPages, splitPages } from "../../worker/engine/tools/split-pdf.ts";
export { unlockPdf } from "../../worker/engine/tools/unlock-pdf.ts";
export { watermarkPdf } from "../../worker/engine/tools/watermark-pdf.ts";
