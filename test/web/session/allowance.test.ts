import { describe, expect, it } from "vitest";
import type { PublicUser } from "../../../schema/api";
import { allowanceOf } from "../../../web/session/allowance";

const base = {
  id: 1,
  email: "a@b.co",
  firstName: null,
  lastName: null,
  subscriptionStatus: null,
  hasBillingAccount: false,
  emailVerified: false,
  createdAt: "",
};

describe("allowances on the client", () => {
  it("shows guests 0 of 2 and never blocks them (the server counts guests)", () => {
    expect(allowanceOf(null)).toMatchObject({ tier: "guest", used: 0, daily: 2, exhausted: false });
  });

  it("blocks a free user at 10 and gives the bar's percentage", () => {
    const user: PublicUser = { ...base, role: "free", dailyConversions: 10, dailyLimit: 10 };
    expect(allowanceOf(user)).toMatchObject({ tier: "free", exhausted: true, percent: 100 });
    expect(allowanceOf({ ...user, dailyConversions: 3 }).percent).toBe(30);
  });

  it("never blocks premium, and treats other roles as guests", () => {
    expect(allowanceOf({ ...base, role: "premium", dailyConversions: 999, dailyLimit: null })).toMatchObject({
      tier: "premium",
      exhausted: false,
    });
    expect(allowanceOf({ ...base, role: "admin", dailyConversions: 2, dailyLimit: 2 })).toMatchObject({
      tier: "guest",
      exhausted: true,
    });
  });
});
