import { type Account, isSubscriptionActive, resolvePlan } from "@reelsmith/core";
import { AppError } from "../lib/errors.ts";
import type { AccountRepository } from "../repositories/account.repository.ts";
import type { CreditsService } from "./credits.service.ts";

export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly credits: CreditsService,
    private readonly priceIds: Partial<Record<string, readonly string[]>> = {},
  ) {}

  /** The signed-in user's own account: profile, balance from the ledger, plan and subscription status. */
  async getAccount(userId: string): Promise<Account> {
    const found = await this.accounts.findUser(userId);
    if (!found) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
    const [credits, subscription, videosCreated] = await Promise.all([
      this.credits.balance(userId),
      this.accounts.findSubscription(userId),
      this.accounts.countVideos(userId),
    ]);
    const active = isSubscriptionActive(subscription?.status);
    const plan = active ? resolvePlan(subscription, this.priceIds) : undefined;
    return {
      user: { id: found.id, email: found.email, name: found.name, image: found.image ?? null },
      credits,
      plan: plan ? { id: plan.id, name: plan.name } : null,
      subscriptionStatus: !subscription?.status ? "none" : active ? "active" : "inactive",
      videosCreated,
    };
  }
}
