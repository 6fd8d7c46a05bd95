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
 * What answers a click once the app has taken a page over (a link answers before): until then,
 * a click on one is held (web/prerender/take-over.ts).
 */
export const HELD_CONTROLS =
  'button, input, select, summary, label, [role="button"], [role="switch"], [role="checkbox"], [role="radio"], [role="combobox"], [role="tab"], [role="menuitem"]';

/**
 * Where typing goes: React would not see text typed before it took a field over, and would keep
 * its own value. Until then these are inert (APP_AFTER_PAINT_SCRIPT, web/prerender/take-over.ts).
 */
export const HELD_FIELDS =
  'textarea, select, [contenteditable], input:not([type="file"], [type="checkbox"], [type="radio"], [type="button"], [type="submit"], [type="reset"], [type="range"], [type="color"])';

/**
 * What a person does on a page drawn at build time before the app's script has run is not lost:
 * - a file dropped on the page is not opened by the browser in the page's place: it goes to the
 *   nearest file input (the drop zone's), where the app finds it;
 * - a click on a control is held (the last one, in window.__earlyClick, with whether a box it
 *   turned was on), and the take-over makes it again once the app answers.
 * The app removes these listeners as it starts (window.__earlyInput; web/prerender/take-over.ts).
 */
export const EARLY_INPUT_SCRIPT = `(function(){var h=function(e){var d=e.dataTransfer;if(!d||[].indexOf.call(d.types,"Files")<0)return;e.preventDefault();if(e.type!=="drop")return;for(var n=e.target;n&&n.querySelector;n=n.parentElement){var i=n.querySelector("input[type=file]");if(i){i.files=d.files;return}}};var k=function(e){var t=e.target,r=document.getElementById("root"),c=t&&t.closest?t.closest(${JSON.stringify(
  HELD_CONTROLS,
)}):null;if(!c||!r||!r.contains(c)||c.closest("a[href]"))return;e.preventDefault();e.stopImmediatePropagation();window.__earlyClick={control:c,on:t===c&&t.type==="checkbox"?!t.checked:t===c&&t.type==="radio"?false:void 0}};window.__earlyInput={drop:h,click:k};document.addEventListener("dragover",h,true);document.addEventListener("drop",h,true);document.addEventListener("click",k,true)})()`;
export const EARLY_INPUT_SCRIPT_HASH = "sha256-kXIqyPPpf8YigAEe/wBmHJ1d+8xLS2RlWmwmkmRIQpI=";

/**
 * A page drawn at build time asks for the app's code once it is on screen, not before: the code
 * then does not share the connection with what the first paint needs. Its script and preloads wait
 * in `<template id="app-code">` (inert there) until the frame after the first one has begun, then
 * are put in <head> as written, in one go (web/prerender/html.ts). Run as the page is read, after
 * its body: its text fields are made inert (marked data-held) until the app has them.
 */
export const APP_AFTER_PAINT_SCRIPT = `(function(){var t=document.getElementById("app-code");if(!t)return;[].forEach.call(document.querySelectorAll(${JSON.stringify(`#root :is(${HELD_FIELDS})`)}),function(e){if(!e.hasAttribute("inert")){e.setAttribute("inert","");e.setAttribute("data-held","")}});requestAnimationFrame(function(){setTimeout(function(){var f=document.createDocumentFragment();[].forEach.call(t.content.children,function(e){var n=document.createElement(e.localName);[].forEach.call(e.attributes,function(a){n.setAttribute(a.name,a.value)});f.appendChild(n)});t.remove();document.head.appendChild(f)},0)})})()`;
export const APP_AFTER_PAINT_SCRIPT_HASH = "sha256-qx+0wB8KMoXJTIf9Y5Eh8/IKxIgg9/3QP3ee85eQzSg=";

export const pageCsp = [
  "default-src 'self'",
  // pdf.js compiles its JPEG 2000 / JBIG2 decoders from WebAssembly for page thumbnails.
  `script-src 'self' '${THEME_SCRIPT_HASH}' '${EARLY_INPUT_SCRIPT_HASH}' '${APP_AFTER_PAINT_SCRIPT_HASH}' 'wasm-unsafe-eval' ${STRIPE.script} ${TURNSTILE}`,
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
