import { Navigate, useNavigate } from "react-router";

import { useAccount } from "@/features/auth/api/get-account";
import { AuthScreen } from "@/features/auth/components/auth-screen";
import { usePageMeta } from "@/lib/seo";

export function AuthRoute() {
  const { data: account } = useAccount();
  const navigate = useNavigate();
  usePageMeta({
    title: "Sign in or create your account",
    description: "Sign in to Reelsmith, or create a free account with 20 credits. No credit card required.",
  });

  if (account) return <Navigate to="/home" replace />;
  return <AuthScreen onSuccess={() => navigate("/home", { replace: true })} />;
}
