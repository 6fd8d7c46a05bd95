import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { deviceLimitMB } from "../../../web/device/budget";
import { DEVICE_MODE_KEY, isDeviceMode, setDeviceMode, useDeviceMode } from "../../../web/device/mode";
import { sizeLimitMB } from "../../../web/tools/validation";

describe("the Process on this device switch", () => {
  it("is off until turned on, remembered in this browser, and every reader sees the change", () => {
    expect(isDeviceMode()).toBe(false);
    const { result } = renderHook(() => useDeviceMode());
    expect(result.current[0]).toBe(false);
    act(() => result.current[1](true));
    expect(result.current[0]).toBe(true);
    expect(localStorage.getItem(DEVICE_MODE_KEY)).toBe("1");
    // The page's size limit is the device's while it is on.
    expect(sizeLimitMB({ maxSizeMB: 25 })).toBe(deviceLimitMB());
    act(() => setDeviceMode(false));
    expect(result.current[0]).toBe(false);
    expect(localStorage.getItem(DEVICE_MODE_KEY)).toBeNull();
    expect(sizeLimitMB({ maxSizeMB: 25 })).toBe(25);
  });
});
