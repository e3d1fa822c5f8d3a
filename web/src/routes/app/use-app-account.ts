import type { Account } from "@reelsmith/core";
import { useOutletContext } from "react-router";

export interface AppOutletContext {
  account: Account;
}

/** The signed-in account, handed down by the protected layout (only rendered with an account). */
export function useAppAccount(): Account {
  return useOutletContext<AppOutletContext>().account;
}
