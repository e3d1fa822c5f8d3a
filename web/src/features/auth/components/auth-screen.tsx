import { messages, SIGNUP_BONUS_CREDITS } from "@reelsmith/core";
import { Check } from "lucide-react";
import { useSearchParams } from "react-router";

import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

type AuthTab = "signin" | "signup";

const PERKS = [
  messages.auth.freeCreditsOnSignUp(SIGNUP_BONUS_CREDITS),
  messages.auth.noCreditCard,
  "Reddit stories, UGC ads, music videos, memes and faceless AI videos",
];

export function AuthScreen({ onSuccess }: { onSuccess: () => void }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AuthTab = searchParams.get("tab") === "signup" ? "signup" : "signin";

  const selectTab = (value: string) => {
    setSearchParams(value === "signup" ? { tab: "signup" } : {}, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="container-page grid gap-10 py-10 md:py-16 lg:grid-cols-2 lg:items-center lg:gap-16">
      <div className="hidden space-y-6 lg:block">
        <p className="text-sm font-semibold tracking-wider text-primary uppercase">Reelsmith</p>
        <h1 className="font-display text-headline font-bold">
          Your next viral video is <span className="text-gradient-brand">one click away.</span>
        </h1>
        <ul className="space-y-3">
          {PERKS.map((perk) => (
            <li key={perk} className="flex items-start gap-3 text-muted-foreground">
              <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-primary/15 text-primary">
                <Check className="size-3.5" aria-hidden="true" />
              </span>
              {perk}
            </li>
          ))}
        </ul>
      </div>

      <div className="mx-auto w-full max-w-md rounded-2xl border bg-card p-6 shadow-2xl shadow-black/20 sm:p-8">
        <h1 className="sr-only lg:hidden">{tab === "signup" ? messages.auth.signUp : messages.auth.signIn}</h1>
        <div className="mb-6 space-y-1.5 text-center">
          <p className="font-display text-2xl font-bold tracking-tight">
            {tab === "signup" ? "Create your account" : "Welcome back"}
          </p>
          <p className="text-sm text-muted-foreground">
            {tab === "signup"
              ? `${messages.auth.freeCreditsOnSignUp(SIGNUP_BONUS_CREDITS)}. ${messages.auth.noCreditCard}.`
              : "Sign in to keep creating."}
          </p>
        </div>
        <Tabs value={tab} onValueChange={selectTab} className="gap-6">
          <TabsList className="grid h-10 w-full grid-cols-2">
            <TabsTrigger value="signin">{messages.auth.signIn}</TabsTrigger>
            <TabsTrigger value="signup">{messages.auth.signUp}</TabsTrigger>
          </TabsList>
          <TabsContent value="signin">
            <SignInForm onSuccess={onSuccess} />
          </TabsContent>
          <TabsContent value="signup">
            <SignUpForm onSuccess={onSuccess} />
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}
