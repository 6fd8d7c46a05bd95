import { keepPreviousData, queryOptions } from "@tanstack/react-query";
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
