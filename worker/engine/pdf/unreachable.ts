import { PDFArray, type PDFContext, PDFDict, type PDFObject, PDFRef, PDFStream } from "@cantoo/pdf-lib";

/**
 * Drops every object nothing reachable from the trailer refers to: pdf-lib writes every object it
 * holds. Redaction replaces content, images and forms with new objects; the originals, if no other
 * page uses them, would still be written out, and with them the very text and pixels that were
 * redacted. Flattening leaves the fields and widgets it drew behind.
 */
export function dropUnreachable(ctx: PDFContext, check?: () => void): number {
  const seen = new Set<string>();
  const stack: PDFObject[] = Object.values(ctx.trailerInfo).filter((v): v is PDFObject => v !== undefined);
  let n = 0;
  while (stack.length) {
    if (++n % 65536 === 0) check?.();
    const o = stack.pop()!;
    if (o instanceof PDFRef) {
      const key = `${o.objectNumber} ${o.generationNumber}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const target = ctx.lookup(o);
      if (target) stack.push(target);
    } else if (o instanceof PDFDict) {
      for (const [, v] of o.entries()) stack.push(v);
    } else if (o instanceof PDFArray) {
      for (const v of o.asArray()) stack.push(v);
    } else if (o instanceof PDFStream) {
      stack.push(o.dict);
    }
  }
  let dropped = 0;
  for (const [ref] of ctx.enumerateIndirectObjects()) {
    if (seen.has(`${ref.objectNumber} ${ref.generationNumber}`)) continue;
    ctx.delete(ref);
    dropped++;
  }
  return dropped;
}
