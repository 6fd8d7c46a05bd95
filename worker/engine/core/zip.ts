import { Zip, ZipPassThrough } from "fflate";
import { concat } from "./bytes";

/** A ZIP written entry by entry; PDFs are already compressed, so entries are stored as they are. */
export class ZipWriter {
  private readonly parts: Uint8Array[] = [];
  private readonly zip = new Zip((err, data) => {
    if (err) throw err;
    this.parts.push(data);
  });

  add(name: string, bytes: Uint8Array): void {
    const entry = new ZipPassThrough(name);
    this.zip.add(entry);
    entry.push(bytes, true);
  }

  finish(): Uint8Array {
    this.zip.end();
    return concat(this.parts);
  }
}

/** One ZIP of the given files; PDFs are already compressed, so they are stored, not deflated again. */
export function zipFiles(files: readonly { name: string; bytes: Uint8Array }[]): Uint8Array {
  const zip = new ZipWriter();
  for (const f of files) zip.add(f.name, f.bytes);
  return zip.finish();
}
