import { createContext, useContext } from "react";

/** Where code outside a link (a toast's button) may send the visitor. */
export type Destination = "/premium" | "/" | "/history" | "/compress-pdf";

/**
 * Navigation handed down by the root layout (the router's own), so modules below the router need
 * not import it back. Outside a router (component tests) it falls back to a plain page load.
 */
const NavigationContext = createContext<(to: Destination) => void>((to) => window.location.assign(to));

export const NavigationProvider = NavigationContext.Provider;

export function useGoTo(): (to: Destination) => void {
  return useContext(NavigationContext);
}
