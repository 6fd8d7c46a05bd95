import { useMutation } from "@tanstack/react-query";
import type { DonationBody } from "../../schema/api";
import { apiErrorOf, apiRequest } from "./client";

export interface DonationSession {
  sessionId?: string;
  url?: string;
}

/** POST /api/create-donation-payment; a non-OK answer is 'Payment creation failed: {status text}'. */
export async function createDonationPayment(body: DonationBody): Promise<DonationSession> {
  const res = await apiRequest("/api/create-donation-payment", { method: "POST", json: body });
  if (!res.ok) throw await apiErrorOf(res, (a) => `Payment creation failed: ${a.statusText}`);
  return res.json();
}

export function useCreateDonation() {
  return useMutation({ mutationFn: createDonationPayment });
}
