/**
 * The signature kept in this browser's storage, only when the person asks for it. It never
 * leaves the browser except as the image sent with a file being signed.
 */

export const STORAGE_KEY = "signPdf.signature";

export interface StoredSignature {
  /** A data: URL of the PNG or JPEG. */
  dataUrl: string;
  width: number;
  height: number;
  savedAt: string;
}

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function local(): Store | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    // Storage can be switched off (privacy settings): then nothing is remembered.
    return null;
  }
}

/** The remembered signature, or null (none, or not one this page wrote). */
export function recallSignature(store: Store | null = local()): StoredSignature | null {
  const raw = store?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredSignature>;
    const ok =
      typeof v.dataUrl === "string" &&
      /^data:image\/(png|jpeg);base64,/.test(v.dataUrl) &&
      typeof v.width === "number" &&
      typeof v.height === "number" &&
      v.width > 0 &&
      v.height > 0;
    return ok ? (v as StoredSignature) : null;
  } catch {
    return null;
  }
}

/** Keeps it; false when the browser will not (storage full or off). */
export function rememberSignature(
  sig: Omit<StoredSignature, "savedAt">,
  store: Store | null = local(),
  now = new Date(),
): boolean {
  if (!store) return false;
  try {
    store.setItem(STORAGE_KEY, JSON.stringify({ ...sig, savedAt: now.toISOString() }));
    return true;
  } catch {
    return false;
  }
}

export function forgetSignature(store: Store | null = local()): void {
  try {
    store?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
