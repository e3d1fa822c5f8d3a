import { zodResolver } from "@hookform/resolvers/zod";
import { messages, signUpSchema } from "@reelsmith/core";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { useSignUp } from "../api/sign-up";
import { FormError } from "./form-error";
import { SubmitButton } from "./submit-button";

type SignUpInput = z.input<typeof signUpSchema>;
type SignUpOutput = z.output<typeof signUpSchema>;

export function SignUpForm({ onSuccess }: { onSuccess: () => void }) {
  const signUp = useSignUp();
  const form = useForm<SignUpInput, unknown, SignUpOutput>({
    resolver: zodResolver(signUpSchema),
    mode: "onTouched",
    defaultValues: { name: "", email: "", password: "" },
  });

  const onSubmit = form.handleSubmit((values) =>
    signUp.mutateAsync(values).then(onSuccess, (error: Error) => {
      toast.error(error.message || messages.common.somethingWentWrong);
    }),
  );

  const serverError = signUp.error ? signUp.error.message || messages.common.somethingWentWrong : null;

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-baseline justify-between">
                <FormLabel>Name</FormLabel>
                <span className="text-xs text-muted-foreground">Optional</span>
              </div>
              <FormControl>
                <Input autoComplete="name" placeholder="Alex Creator" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>E-mail</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" placeholder="you@example.com" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Password</FormLabel>
              <FormControl>
                <Input type="password" autoComplete="new-password" {...field} />
              </FormControl>
              <FormDescription>{messages.auth.passwordHint}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormError message={serverError} />
        <SubmitButton pending={signUp.isPending}>{messages.auth.signUp}</SubmitButton>
      </form>
    </Form>
  );
}
