/** "1.4 MB", "820 KB", "12 B": sizes as people read them. */
export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return "";
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** "until 14:05 tomorrow"-style text for a result's expiry, in the reader's own time zone. */
export function formatExpiry(expiresAt: string | undefined, now = new Date()): string {
  if (!expiresAt) return "";
  const at = new Date(expiresAt);
  if (Number.isNaN(at.getTime())) return "";
  const time = at.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  const sameDay = at.toDateString() === now.toDateString();
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  if (sameDay) return `Available until ${time} today`;
  if (at.toDateString() === tomorrow.toDateString()) return `Available until ${time} tomorrow`;
  return `Available until ${at.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}`;
}

/** "in 23 h 40 min", "in 45 min", "in 2 days 3 h": how long until a file is deleted; null once it is. */
export function formatTimeLeft(expiresAt: string | null | undefined, now = new Date()): string | null {
  if (!expiresAt) return null;
  const ms = Date.parse(expiresAt) - now.getTime();
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `in ${hours} h` : `in ${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `in ${days} days` : `in ${days} days ${hours % 24} h`;
}
