/**
 * The "Process on this device" switch: one setting for every tool page, remembered in this
 * browser (localStorage), readable outside React (the fetch layer asks it before each job).
 */
import { useSyncExternalStore } from "react";
import { deviceLimitMB, UNKNOWN_DEVICE_GB } from "./budget";

export const DEVICE_MODE_KEY = "processOnDevice";

const listeners = new Set<() => void>();
/** Where the setting lives when storage is unavailable (private mode): for this page's life. */
let unstored = false;

export function isDeviceMode(): boolean {
  try {
    return localStorage.getItem(DEVICE_MODE_KEY) === "1";
  } catch {
    return unstored;
  }
}

export function setDeviceMode(on: boolean): void {
  unstored = on;
  try {
    if (on) localStorage.setItem(DEVICE_MODE_KEY, "1");
    else localStorage.removeItem(DEVICE_MODE_KEY);
  } catch {
    // Unavailable storage: `unstored` holds it.
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab turning it on or off.
  const onStorage = (e: StorageEvent) => {
    if (e.key === DEVICE_MODE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useDeviceMode(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, isDeviceMode, () => false);
  return [on, setDeviceMode];
}

const unchanging = () => () => undefined;

/**
 * This device's largest file, in MB, as the page shows it: while the app takes over a page drawn
 * at build time it is the drawing's (a device the browser says nothing about), so React finds the
 * page as drawn; this device's from the next render on.
 */
export function useDeviceLimitMB(): number {
  return useSyncExternalStore(unchanging, deviceLimitMB, () => deviceLimitMB(UNKNOWN_DEVICE_GB));
}
