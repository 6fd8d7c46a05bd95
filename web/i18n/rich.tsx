import { cloneElement, Fragment, type ReactElement, type ReactNode } from "react";
import type { MessageKey, Namespace } from "./catalogs";
import { useT } from "./provider";
import type { Values } from "./runtime";

const TAG = /<(\d+)>([\s\S]*?)<\/\1>/g;

/** "a <0>b</0> c" with components[0] wrapping "b"; tags do not nest (none of our sentences need it). */
export function renderTags(text: string, components: readonly ReactElement[]): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(TAG)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const el = components[Number(m[1])];
    out.push(el ? cloneElement(el, { key: `t${m.index}` }, m[2]) : m[2]);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * A message with markup: `<0>...</0>` in the catalog becomes `components[0]` wrapping its text, so
 * a translation can move a link within its sentence: `<Rich ns="auth" k="register.agree"
 * components={[<Link />, <Link />]} />`.
 */
export function Rich<N extends Namespace>({
  ns,
  k,
  values,
  components,
}: {
  ns: N;
  k: MessageKey<N>;
  values?: Values;
  components: ReactElement[];
}) {
  const t = useT(ns);
  return <Fragment>{renderTags(t(k, values), components)}</Fragment>;
}
