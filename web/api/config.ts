import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "../../schema/api";

export const configQuery = () => queryOptions<PublicConfig>({ queryKey: ["/api/config"] });

export function usePublicConfig() {
  return useQuery(configQuery());
}
