/**
 * Dates as a form's Acrobat script formats them (AFDate_FormatEx("mm/dd/yyyy")), to and from the
 * yyyy-mm-dd of a date picker. Only day, month and year tokens: a format with times keeps a plain
 * text box.
 */

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const TOKENS = /yyyy|yy|mmmm|mmm|mm|m|dd|d/g;
const pad = (n: number) => String(n).padStart(2, "0");

/** True when a date picker can stand for the format (day, month and year only). */
export function pickerFits(format: string): boolean {
  const rest = format.replace(TOKENS, "");
  return /[ymd]/.test(format) && !/[A-Za-z]/.test(rest);
}

/** "25.11.2026" read with "dd.mm.yyyy" -> "2026-11-25"; "" when it does not fit. */
export function toPicker(text: string, format: string): string {
  const tokens: string[] = [];
  const pattern = format.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(TOKENS, (t) => {
    tokens.push(t);
    return t.startsWith("mmm") ? "([A-Za-z]+)" : "(\\d{1,4})";
  });
  const m = new RegExp(`^${pattern}$`).exec(text.trim());
  if (!m) return "";
  let y = 0;
  let mo = 0;
  let d = 0;
  tokens.forEach((t, i) => {
    const v = m[i + 1];
    if (t.startsWith("y")) y = t === "yy" ? 2000 + Number(v) : Number(v);
    else if (t.startsWith("mmm"))
      mo = MONTHS.findIndex((name) => name.toLowerCase().startsWith(v.toLowerCase().slice(0, 3))) + 1;
    else if (t.startsWith("m")) mo = Number(v);
    else d = Number(v);
  });
  if (!y || mo < 1 || mo > 12 || d < 1 || d > 31) return "";
  return `${String(y).padStart(4, "0")}-${pad(mo)}-${pad(d)}`;
}

/** "2026-11-25" written with "dd.mm.yyyy" -> "25.11.2026"; "" for an empty picker. */
export function fromPicker(iso: string, format: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return "";
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return format.replace(TOKENS, (t) => {
    switch (t) {
      case "yyyy":
        return String(y);
      case "yy":
        return pad(y % 100);
      case "mmmm":
        return MONTHS[mo - 1];
      case "mmm":
        return MONTHS[mo - 1].slice(0, 3);
      case "mm":
        return pad(mo);
      case "m":
        return String(mo);
      case "dd":
        return pad(d);
      default:
        return String(d);
    }
  });
}
