import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { vi } from "vitest";
import type { PublicUser, Usage } from "../../../schema/api";
import { meQuery } from "../../../web/api/auth";
import { createQueryClient } from "../../../web/api/query-client";
import { usageQuery } from "../../../web/api/usage";
import { AuthProvider } from "../../../web/session/auth-context";
import { system } from "../../../web/theme/system";

/** A signed-in free user with allowance left, for tests that store a session token. */
export const testUser: PublicUser = {
  id: 1,
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Tester",
  role: "free",
  dailyConversions: 0,
  dailyLimit: 10,
  subscriptionStatus: "inactive",
  hasBillingAccount: false,
  emailVerified: false,
  createdAt: new Date(0).toISOString(),
};

/** A guest with a day's allowance large enough for any batch a test sends (the rule is tested on its own). */
export const guestAllowance: Usage = { tier: "guest", used: 0, daily: 50, remaining: 50 };

export function Providers({ children }: { children: ReactNode }) {
  const client = createQueryClient();
  // A stored token's session is already known, so the tests' fetch sees only the calls under test.
  const token = localStorage.getItem("sessionToken");
  if (token) client.setQueryData(meQuery(token).queryKey, { user: testUser });
  // A guest's allowance is known too (GET /api/usage), with room for the tests' batches.
  else client.setQueryData(usageQuery(null).queryKey, guestAllowance);
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}

export function pdf(name: string, size = 1000): File {
  const file = new File(["%PDF-1.7\n"], name, { type: "application/pdf" });
  // A real 30 MB body is slow to build; the size is all validation looks at.
  if (size !== file.size) Object.defineProperty(file, "size", { value: size });
  return file;
}

export function jsonResponse(body: unknown, status = 200, statusText = "OK") {
  return new Response(JSON.stringify(body), { status, statusText, headers: { "Content-Type": "application/json" } });
}

export function converted(name: string, id = "abcdefghijklmnopqrstuv") {
  return {
    originalName: name,
    convertedName: name.replace(/\.pdf$/, "-done.pdf"),
    downloadUrl: `/api/download/${id}`,
    size: 1234,
    status: "completed",
    expiresAt: "2030-01-02T03:04:05.000Z",
  };
}

/** A fetch whose answers the test releases one by one, to observe the states in between. */
export function deferredFetch() {
  const pending: { resolve(r: Response): void; reject(e: unknown): void; init: RequestInit; url: string }[] = [];
  const fn = vi.fn(
    (url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        pending.push({ resolve, reject, init, url });
        init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
      }),
  );
  vi.stubGlobal("fetch", fn);
  return { fn, pending };
}
