import { createFileRoute } from "@tanstack/react-router";
import { SignInRequired } from "../components/sign-in-required";

export const Route = createFileRoute("/history")({ component: Page });

function Page() {
  return <SignInRequired title="File History">{() => null}</SignInRequired>;
}
