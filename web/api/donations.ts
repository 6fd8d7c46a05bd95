import { useMutation } from "@tanstack/react-query";
import type { DonationBody } from "../../schema/api";
import { apiRequest } from "./client";

export interface DonationSession {
  sessionId?: string;
  url?: string;
}

export class DonationRequestError extends Error {}

/** POST /api/create-donation-payment; a non-OK answer is 'Payment creation failed: {status text}'. */
export async function createDonationPayment(body: DonationBody): Promise<DonationSession> {
  const res = await apiRequest("/api/create-donation-payment", { method: "POST", json: body });
  if (!res.ok) {
    throw new DonationRequestError(`Payment creation failed: ${res.statusText || String(res.status)}`);
  }
  return res.json();
}

export function useCreateDonation() {
  return useMutation({ mutationFn: createDonationPayment });
}
