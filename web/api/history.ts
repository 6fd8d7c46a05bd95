import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { HistoryPage } from "../../schema/api";
import { apiRequest, throwIfResNotOk } from "./client";

export const HISTORY_PAGE_SIZE = 20;

/** GET /api/history with the bearer token, one page at a time. */
export const historyQuery = (page: number) =>
  queryOptions<HistoryPage>({
    queryKey: ["/api/history", page],
    placeholderData: keepPreviousData,
    // Results expire: a history page is read fresh each time it is opened.
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const res = await apiRequest(`/api/history?page=${page}&pageSize=${HISTORY_PAGE_SIZE}`, { auth: true, signal });
      await throwIfResNotOk(res);
      return res.json();
    },
  });

/** DELETE /api/history/{id}: the item, its file and its share links go at once. */
export function useDeleteHistoryItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const res = await apiRequest(`/api/history/${id}`, { method: "DELETE", auth: true });
      await throwIfResNotOk(res);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ["/api/history"] }),
  });
}
