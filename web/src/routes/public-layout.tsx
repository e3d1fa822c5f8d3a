import { Outlet } from "react-router";

import { PublicLayout } from "@/components/layout/public-layout";
import { useAccount } from "@/features/auth/api/get-account";

export function PublicLayoutRoute() {
  const { data: account } = useAccount();
  return (
    <PublicLayout signedIn={Boolean(account)}>
      <Outlet />
    </PublicLayout>
  );
}
