/** The signed-in part of the header; guests see only the donate button (spec section 2). */
export function AccountArea() {
  return null;
}

export function MobileAccountArea(_props: { onNavigate: () => void }) {
  return null;
}
