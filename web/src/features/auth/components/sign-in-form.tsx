import { zodResolver } from "@hookform/resolvers/zod";
import { messages, signInSchema } from "@reelsmith/core";
import { useForm } from "react-hook-form";
import type { z } from "zod";

import { TextField } from "@/components/form/text-field";
import { Form } from "@/components/ui/form";
import { useSignIn } from "../api/sign-in";
import { FormError } from "./form-error";
import { SubmitButton } from "./submit-button";

type SignInInput = z.input<typeof signInSchema>;
type SignInOutput = z.output<typeof signInSchema>;

export function SignInForm({ onSuccess }: { onSuccess: () => void }) {
  const signIn = useSignIn();
  const form = useForm<SignInInput, unknown, SignInOutput>({
    resolver: zodResolver(signInSchema),
    mode: "onTouched",
    defaultValues: { email: "", password: "" },
  });

  // A refusal shows once, inline above the button (FormError), not also as a toast.
  const onSubmit = form.handleSubmit((values) => signIn.mutateAsync(values).then(onSuccess, () => {}));

  const serverError = signIn.error ? signIn.error.message || messages.common.somethingWentWrong : null;

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <TextField
          control={form.control}
          name="email"
          label="E-mail"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
        />
        <TextField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <FormError message={serverError} />
        <SubmitButton pending={signIn.isPending}>{messages.auth.signIn}</SubmitButton>
      </form>
    </Form>
  );
}
