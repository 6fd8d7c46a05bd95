import type { LocaleTag } from "../../schema/locales";
import { activeLocale } from "./locale";
import { translate } from "./runtime";

/**
 * Numbers, sizes, dates and times in the page's language, by Intl: "1,2 MB" in German,
 * "1.2 MB" in English, "1,2 Mo" in French. Each takes the language explicitly where a caller
 * has it (`useLocale()`), else the page's.
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function memo<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

export function formatNumber(
  n: number,
  tag: LocaleTag = activeLocale(),
  options: Intl.NumberFormatOptions = {},
): string {
  return memo(`n:${tag}:${JSON.stringify(options)}`, () => new Intl.NumberFormat(tag, options)).format(n);
}

/** A whole percentage, 0-100: "42 %" in German, "%42" in Turkish. */
export function formatPercent(percent: number, tag: LocaleTag = activeLocale()): string {
  return formatNumber(percent / 100, tag, { style: "percent", maximumFractionDigits: 0 });
}

const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
const EN_UNITS = ["B", "KB", "MB", "GB"] as const;

/** "1.4 MB", "820 KB", "12 B" (1024-based, as the site has always counted), in the page's language. */
export function formatBytes(bytes: number | undefined, tag: LocaleTag = activeLocale()): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return "";
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  // English keeps the site's own abbreviations (Intl writes "12 byte" and "820 kB").
  if (tag === "en")
    return `${formatNumber(Number(value.toFixed(digits)), tag, { minimumFractionDigits: digits })} ${EN_UNITS[unit]}`;
  return formatNumber(unit === 0 ? value : Number(value.toFixed(digits)), tag, {
    style: "unit",
    unit: UNITS[unit],
    unitDisplay: "short",
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  });
}

/** A date and time, "26 Nov 2026, 14:05" in the page's language. */
export function formatDateTime(value: Date | string | number, tag: LocaleTag = activeLocale()): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return "";
  return memo(`dt:${tag}`, () => new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" })).format(at);
}

export function formatDate(value: Date | string | number, tag: LocaleTag = activeLocale()): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return "";
  return memo(`d:${tag}`, () => new Intl.DateTimeFormat(tag, { dateStyle: "medium" })).format(at);
}

export function formatTime(value: Date | string | number, tag: LocaleTag = activeLocale()): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return "";
  return memo(`t:${tag}`, () => new Intl.DateTimeFormat(tag, { hour: "2-digit", minute: "2-digit" })).format(at);
}

const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.34524],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** "in 3 hours", "vor 2 Tagen", "قبل ٥ دقائق": the distance from now in the largest whole unit. */
export function formatRelative(
  value: Date | string | number,
  now = new Date(),
  tag: LocaleTag = activeLocale(),
): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return "";
  let amount = (at.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) {
      return memo(`r:${tag}`, () => new Intl.RelativeTimeFormat(tag, { numeric: "auto" })).format(
        Math.round(amount),
        unit,
      );
    }
    amount /= size;
  }
  return "";
}

/** "Available until 14:05 today" for a result's expiry, in the reader's time zone and language. */
export function formatExpiry(expiresAt: string | undefined, now = new Date(), tag: LocaleTag = activeLocale()): string {
  if (!expiresAt) return "";
  const at = new Date(expiresAt);
  if (Number.isNaN(at.getTime())) return "";
  const time = formatTime(at, tag);
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  if (at.toDateString() === now.toDateString()) return translate("common", "format.availableToday", { time });
  if (at.toDateString() === tomorrow.toDateString()) return translate("common", "format.availableTomorrow", { time });
  return translate("common", "format.availableUntil", { date: formatDateTime(at, tag) });
}

/** "23 h 59 min", "7 days": English keeps the site's own short units; other languages Intl's. */
function duration(days: number, hours: number, minutes: number, tag: LocaleTag): string {
  const parts: string[] = [];
  if (tag === "en") {
    if (days) parts.push(`${days} day${days === 1 ? "" : "s"}`);
    if (hours) parts.push(`${hours} h`);
    if (minutes) parts.push(`${minutes} min`);
    return parts.join(" ");
  }
  const unit = (n: number, u: string, unitDisplay: "long" | "short") =>
    formatNumber(n, tag, { style: "unit", unit: u, unitDisplay });
  if (days) parts.push(unit(days, "day", "long"));
  if (hours) parts.push(unit(hours, "hour", "short"));
  if (minutes) parts.push(unit(minutes, "minute", "short"));
  return parts.join(" ");
}

/** "in 23 h 40 min", "in 45 min", "in 2 days 3 h": how long until a file is deleted; null once it is. */
export function formatTimeLeft(
  expiresAt: string | null | undefined,
  now = new Date(),
  tag: LocaleTag = activeLocale(),
): string | null {
  if (!expiresAt) return null;
  const ms = Date.parse(expiresAt) - now.getTime();
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const text =
    minutes < 60
      ? duration(0, 0, minutes, tag)
      : hours < 48
        ? duration(0, hours, minutes % 60, tag)
        : duration(Math.floor(hours / 24), hours % 24, 0, tag);
  return translate("common", "format.timeLeft", { duration: text });
}
