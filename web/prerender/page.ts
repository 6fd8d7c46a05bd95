/** A page drawn at build time (entry.tsx makes it in Node; plugin.ts writes it into the build). */
export interface RenderedPage {
  lang: string;
  dir: "ltr" | "rtl";
  title: string;
  description: string;
  /** The page's body as the app first draws it. */
  html: string;
  /** Emotion's `<style data-emotion>` elements, in the order they were made (global rules first). */
  styles: string[];
  /** The route files whose code the page runs (`routes/merge-pdf.tsx`), as the build's manifest names them. */
  routeFiles: string[];
  /** The catalogs the page fetches before it is live (none for English's chrome: it is bundled). */
  catalogs: string[];
}
