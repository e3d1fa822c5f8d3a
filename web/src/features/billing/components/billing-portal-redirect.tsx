import { type Account, PORTAL_RETURN_PATH } from "@reelsmith/core";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";

import { FullPageSpinner } from "@/components/spinner";
import { createPortalSession } from "../api/create-portal-session";

/**
 * `/billing/portal` (spec): shows loading, then sends the browser to the provider's portal. Without a
 * user, without a current plan, on an error or without a URL it goes to /pricing (errors are logged).
 */
export function BillingPortalRedirect({
  account,
  isPending,
  isError,
}: {
  /** The signed-in account; null for a visitor. */
  account: Account | null | undefined;
  /** The account is still loading. */
  isPending: boolean;
  /** The account could not be loaded. */
  isError: boolean;
}) {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (isPending || started.current) return;
    started.current = true;
    if (isError || !account || !account.plan) {
      navigate("/pricing", { replace: true });
      return;
    }
    createPortalSession(PORTAL_RETURN_PATH)
      .then(({ url }) => {
        if (!url) {
          navigate("/pricing", { replace: true });
          return;
        }
        const target = new URL(url, window.location.href);
        if (target.origin === window.location.origin) navigate(`${target.pathname}${target.search}`, { replace: true });
        else window.location.replace(target.href);
      })
      .catch((error: unknown) => {
        console.error("billing portal", error);
        navigate("/pricing", { replace: true });
      });
  }, [account, isError, isPending, navigate]);

  return <FullPageSpinner />;
}
