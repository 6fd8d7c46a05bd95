import { VisuallyHidden } from "@chakra-ui/react";
import { type RefObject, useEffect, useState } from "react";

/** Every result on every tool page shows its actions in this element (ResultActions, LocalActions). */
const RESULT = '[data-testid="result-actions"]';
/** Results that arrive together (a batch, files finishing in the same moment) are one announcement. */
const SETTLE_MS = 150;

function isTyping(el: Element | null): boolean {
  if (!el || el === document.body) return false;
  if (el.closest('[role="dialog"], [role="alertdialog"]')) return true;
  return el.matches(
    "input:not([type=file]):not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable]",
  );
}

function resultsIn(node: Node): Element[] {
  if (!(node instanceof Element)) return [];
  return [...(node.matches(RESULT) ? [node] : []), ...node.querySelectorAll(RESULT)];
}

/**
 * When a job finishes, focus moves to its result (its Download button) and a screen reader hears
 * that it is ready. Focus is left alone while the person types somewhere or is already on an
 * earlier result (files that finish one after another do not pull focus around).
 */
export function useResultFocus(area: RefObject<HTMLElement | null>) {
  const [message, setMessage] = useState("");
  useEffect(() => {
    const root = area.current;
    if (!root) return;
    let arrived: Element[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      const fresh = arrived.filter((el) => el.isConnected);
      arrived = [];
      if (fresh.length === 0) return;
      const active = document.activeElement;
      const onResult = active?.closest(RESULT);
      const target = fresh[0].querySelector<HTMLElement>("button:not([disabled]), a[href]");
      if (target && !onResult && !isTyping(active)) target.focus();
      const words = fresh.length === 1 ? "Your file is ready." : `${fresh.length} files are ready.`;
      // Cleared first, so the same words twice in a row are announced twice.
      setMessage("");
      requestAnimationFrame(() => setMessage(`${words} ${target?.textContent?.trim() ?? "Download"} is focused.`));
    };
    const observer = new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) arrived.push(...resultsIn(n));
      if (arrived.length === 0) return;
      clearTimeout(timer);
      timer = setTimeout(settle, SETTLE_MS);
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [area]);
  return message;
}

/** The polite live region the announcement is read from. */
export function ResultAnnouncer({ message }: { message: string }) {
  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="result-announcer">
      {message}
    </VisuallyHidden>
  );
}
