import type { PngHeader } from "../../image/png/chunks";

/** What a PNG's chunks say about its image; the pixel data is still compressed. */
export interface ParsedPng extends PngHeader {
  name: string;
  palette?: Uint8Array;
  trns?: Uint8Array;
  idat: Uint8Array;
  orientation: number;
  dpiX?: number;
  dpiY?: number;
  icc?: Uint8Array;
}
