import { describe, expect, it } from "vitest";
import { renewsIn } from "../../web/components/allowance-banner";
import { formatTimeLeft } from "../../web/tools/format";

const at = (iso: string) => new Date(iso);

describe("how long until a file is deleted", () => {
  const now = at("2026-11-26T10:00:00Z");
  it("in minutes, hours and minutes, or days and hours", () => {
    expect(formatTimeLeft("2026-11-26T10:00:30Z", now)).toBe("in 1 min");
    expect(formatTimeLeft("2026-11-26T10:45:00Z", now)).toBe("in 45 min");
    expect(formatTimeLeft("2026-11-27T09:59:00Z", now)).toBe("in 23 h 59 min");
    expect(formatTimeLeft("2026-11-27T12:00:00Z", now)).toBe("in 26 h");
    expect(formatTimeLeft("2026-12-03T10:00:00Z", now)).toBe("in 7 days");
    expect(formatTimeLeft("2026-12-01T13:00:00Z", now)).toBe("in 5 days 3 h");
  });
  it("nothing once it is gone, or when there is no date", () => {
    expect(formatTimeLeft("2026-11-26T10:00:00Z", now)).toBeNull();
    expect(formatTimeLeft("2026-11-25T10:00:00Z", now)).toBeNull();
    expect(formatTimeLeft(null, now)).toBeNull();
    expect(formatTimeLeft("not a date", now)).toBeNull();
  });
  it("the allowance comes back at the next midnight, UTC", () => {
    expect(renewsIn(at("2026-11-26T21:30:00Z"))).toBe("in 2 h 30 min");
    expect(renewsIn(at("2026-11-26T23:59:30Z"))).toBe("in 1 min");
    expect(renewsIn(at("2026-12-31T00:00:00Z"))).toBe("in 24 h");
  });
});
