/**
 * Response headers shared by the worker (API responses) and the static site (written to the
 * build's _headers file), so the two cannot drift apart.
 */

/** Third parties the pages really talk to: Stripe's script, API and checkout (donations). */
const STRIPE = {
  script: "https://js.stripe.com",
  connect: "https://api.stripe.com",
  frame: "https://js.stripe.com https://checkout.stripe.com",
};

/** Cloudflare Turnstile: the sign-in challenge's script and frame, loaded only when it is asked for. */
const TURNSTILE = "https://challenges.cloudflare.com";

/**
 * The inline scripts of the site's HTML (index.html and every page drawn at build time), each
 * allowed by its hash alone (test/web/first-paint.test.ts checks each pair agrees).
 *
 * The theme chosen (vite-ui-theme, web/theme/color-mode.tsx) or the device's, set on <html>
 * before the first paint, as next-themes then keeps it.
 */
export const THEME_SCRIPT =
  'try{var t=localStorage.getItem("vite-ui-theme");if(t!=="light"&&t!=="dark")t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";var e=document.documentElement;e.classList.add(t);e.style.colorScheme=t}catch(_){}';
export const THEME_SCRIPT_HASH = "sha256-rOdJ5cZl/ZO9Cpmv/BAHBSYWga+v35/LbtV7/fTXNXc=";

/**
 * A file dropped on the page before the app's script has run is not opened by the browser in the
 * page's place: it goes to the nearest file input (the drop zone's), where the app finds it
 * (web/prerender/take-over.ts). The app removes this listener as it starts (window.__earlyDrop).
 */
export const EARLY_DROP_SCRIPT =
  '(function(){var h=function(e){var d=e.dataTransfer;if(!d||[].indexOf.call(d.types,"Files")<0)return;e.preventDefault();if(e.type!=="drop")return;for(var n=e.target;n&&n.querySelector;n=n.parentElement){var i=n.querySelector("input[type=file]");if(i){i.files=d.files;return}}};window.__earlyDrop=h;document.addEventListener("dragover",h,true);document.addEventListener("drop",h,true)})()';
export const EARLY_DROP_SCRIPT_HASH = "sha256-+S9GTPVU+2ty3PneT0KVANPGHUAPLWjyDYlXFbfLgGc=";

export const pageCsp = [
  "default-src 'self'",
  // pdf.js compiles its JPEG 2000 / JBIG2 decoders from WebAssembly for page thumbnails.
  `script-src 'self' '${THEME_SCRIPT_HASH}' '${EARLY_DROP_SCRIPT_HASH}' 'wasm-unsafe-eval' ${STRIPE.script} ${TURNSTILE}`,
  // Chakra (emotion) injects <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self' ${STRIPE.connect}`,
  `frame-src ${STRIPE.frame} ${TURNSTILE}`,
  // Page thumbnails are rendered by pdf.js in a worker.
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** API and download responses never render as documents. */
export const apiCsp = "default-src 'none'; frame-ancestors 'none'; sandbox";

export const commonSecurityHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Permissions-Policy": 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
};

export const HSTS = "max-age=63072000; includeSubDomains; preload";

/** The _headers file for Cloudflare static assets (HSTS is ignored by browsers over http). */
export function staticHeadersFile(): string {
  const lines = ["/*", `  Content-Security-Policy: ${pageCsp}`];
  for (const [k, v] of Object.entries(commonSecurityHeaders)) lines.push(`  ${k}: ${v}`);
  lines.push(`  Strict-Transport-Security: ${HSTS}`);
  lines.push("/assets/*", "  Cache-Control: public, max-age=31536000, immutable");
  // The service worker is checked for updates on every visit: a stale one would pin old code.
  lines.push("/sw.js", "  Cache-Control: no-cache");
  // The cloud-save popup comes back here from the provider's pages; it must still reach the window
  // that opened it (to report and close), which a stricter opener policy would sever.
  lines.push("/auth/*", "  ! Cross-Origin-Opener-Policy", "  Cross-Origin-Opener-Policy: unsafe-none");
  return `${lines.join("\n")}\n`;
}
