import {
  type Account,
  currentPlan,
  isSubscriptionActive,
  messages,
  type Plan,
  type ProfileUpdate,
} from "@reelsmith/core";
import { AppError } from "../lib/errors.ts";
import type { AccountRepository } from "../repositories/account.repository.ts";
import type { CreditsService } from "./credits.service.ts";
import type { SignupBonusService } from "./signup-bonus.service.ts";

export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly credits: CreditsService,
    private readonly priceIds: Partial<Record<string, readonly string[]>> = {},
    private readonly signupBonus?: SignupBonusService,
  ) {}

  /** The plan of the user's active subscription, if any (free accounts: undefined). */
  async currentPlan(userId: string): Promise<Plan | undefined> {
    const subscription = await this.accounts.findSubscription(userId);
    return currentPlan(subscription, this.priceIds);
  }

  /** The signed-in user's own account: profile, balance from the ledger, plan and subscription status. */
  async getAccount(userId: string): Promise<Account> {
    const found = await this.accounts.findUser(userId);
    if (!found) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
    const [credits, subscription, videosCreated, freeCredits] = await Promise.all([
      this.credits.balance(userId),
      this.accounts.findSubscription(userId),
      this.accounts.countVideos(userId),
      this.signupBonus?.status(userId),
    ]);
    const active = isSubscriptionActive(subscription?.status);
    const plan = currentPlan(subscription, this.priceIds);
    return {
      user: { id: found.id, email: found.email, name: found.name, image: found.image ?? null },
      credits,
      plan: plan ? { id: plan.id, name: plan.name } : null,
      subscriptionStatus: !subscription?.status ? "none" : active ? "active" : "inactive",
      videosCreated,
      ...(freeCredits ? { freeCredits } : {}),
    };
  }

  /**
   * Renames the user and/or sets the avatar. An avatar is a small image data URL (the web app resizes
   * it to a 256 px WebP first); its bytes must really be a WebP, PNG or JPEG.
   */
  async updateProfile(userId: string, update: ProfileUpdate): Promise<Account> {
    if (update.image && !imageBytesMatch(update.image)) {
      throw new AppError("VALIDATION_FAILED", messages.reddit.avatarInvalid);
    }
    await this.accounts.updateUser(userId, {
      ...(update.name !== undefined ? { name: update.name } : {}),
      ...(update.image !== undefined ? { image: update.image } : {}),
    });
    return this.getAccount(userId);
  }
}

/** True when the data URL's decoded bytes start with the signature of the type it claims. */
export function imageBytesMatch(dataUrl: string): boolean {
  const match = /^data:image\/(webp|png|jpeg);base64,(.+)$/.exec(dataUrl);
  if (!match) return false;
  const bytes = Buffer.from(match[2] ?? "", "base64");
  switch (match[1]) {
    case "png":
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case "jpeg":
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    default:
      return bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP";
  }
}
