import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from "@chakra-ui/react";
import { type PointerEvent, useRef, useState } from "react";

/** Spec section 4 and 9: one toast at a time, 5000 ms, F8 focuses the notification area. */
export const TOAST_DURATION = 5000;
export const SWIPE_THRESHOLD = 50;

/**
 * Top right, below the sticky header (64 px): the run buttons and the sticky action bar are at
 * the bottom, and a toast must not cover them. On small screens it spans the width (see Toaster).
 */
export const toaster = createToaster({
  placement: "top-end",
  offsets: { top: "76px", right: "16px", bottom: "16px", left: "16px" },
  max: 1,
  duration: TOAST_DURATION,
  hotkey: ["F8"],
  pauseOnPageIdle: true,
});

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  duration?: number;
  /** One button in the toast, such as "Upgrade" on the daily-limit message. */
  action?: { label: string; onClick: () => void };
}

/** Shows a toast, replacing whatever toast is on screen (never a queue of stale ones). */
export function toast({ title, description, variant = "default", duration, action }: ToastOptions) {
  toaster.remove();
  return toaster.create({
    title,
    description,
    type: variant === "destructive" ? "error" : "info",
    duration: duration ?? TOAST_DURATION,
    closable: true,
    action,
  });
}

/** Swipe right past the threshold to dismiss (mouse, touch or pen). */
function useSwipeToDismiss(id: string) {
  const start = useRef<number | null>(null);
  const [dx, setDx] = useState(0);
  return {
    style: {
      transform: dx > 0 ? `translateX(${dx}px)` : undefined,
      opacity: dx > 0 ? Math.max(0.2, 1 - dx / 200) : undefined,
    },
    onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
      if ((e.target as HTMLElement).closest("button")) return;
      start.current = e.clientX;
      e.currentTarget.setPointerCapture?.(e.pointerId);
    },
    onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
      if (start.current !== null) setDx(Math.max(0, e.clientX - start.current));
    },
    onPointerUp: (e: PointerEvent<HTMLDivElement>) => {
      if (start.current === null) return;
      const moved = e.clientX - start.current;
      start.current = null;
      setDx(0);
      if (moved > SWIPE_THRESHOLD) toaster.dismiss(id);
    },
    onPointerCancel: () => {
      start.current = null;
      setDx(0);
    },
  };
}

function SwipeableToast({ id, tabIndex, children }: { id: string; tabIndex: number; children: React.ReactNode }) {
  const swipe = useSwipeToDismiss(id);
  return (
    <Toast.Root width={{ md: "sm" }} touchAction="pan-y" data-testid="toast" tabIndex={tabIndex} {...swipe}>
      {children}
    </Toast.Root>
  );
}

/**
 * The toasts' buttons are not in the page's Tab order: Tab from the footer goes back to the top
 * of the page, never into a toast. F8 moves focus into the notification area (spec), and from
 * there Tab reaches the toast's action and close buttons.
 */
export function Toaster() {
  const [inside, setInside] = useState(false);
  const tabIndex = inside ? 0 : -1;
  return (
    <Portal>
      <ChakraToaster
        toaster={toaster}
        insetInline={{ mdDown: "4" }}
        onFocus={() => setInside(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setInside(false);
        }}
      >
        {(t) => (
          <SwipeableToast id={t.id ?? ""} tabIndex={tabIndex}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {t.title && <Toast.Title>{t.title}</Toast.Title>}
              {t.description && <Toast.Description>{t.description}</Toast.Description>}
            </Stack>
            {t.action && <Toast.ActionTrigger tabIndex={tabIndex}>{t.action.label}</Toast.ActionTrigger>}
            {t.closable && <Toast.CloseTrigger tabIndex={tabIndex} />}
          </SwipeableToast>
        )}
      </ChakraToaster>
    </Portal>
  );
}
