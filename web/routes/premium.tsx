import { createFileRoute } from "@tanstack/react-router";
import { SignInRequired } from "../components/sign-in-required";

export const Route = createFileRoute("/premium")({ component: Page });

function Page() {
  return <SignInRequired title="Upgrade to Premium">{() => null}</SignInRequired>;
}
