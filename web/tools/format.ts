/**
 * The site's formatters, in the page's language (web/i18n/format.ts): sizes ("1,2 MB" in
 * German), expiry times, time left. Kept here so the tool pages' imports stay as they were.
 */
export { formatBytes, formatExpiry, formatTimeLeft } from "../i18n/format";
