import { zodResolver } from "@hookform/resolvers/zod";
import { messages, signUpSchema } from "@reelsmith/core";
import { useForm } from "react-hook-form";
import type { z } from "zod";

import { TextField } from "@/components/form/text-field";
import { Form } from "@/components/ui/form";
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

  // A refusal shows once, inline above the button (FormError), not also as a toast.
  const onSubmit = form.handleSubmit((values) => signUp.mutateAsync(values).then(onSuccess, () => {}));

  const serverError = signUp.error ? signUp.error.message || messages.common.somethingWentWrong : null;

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <TextField
          control={form.control}
          name="name"
          label="Name"
          labelAside={<span className="text-xs text-muted-foreground">Optional</span>}
          autoComplete="name"
          placeholder="Alex Creator"
        />
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
          autoComplete="new-password"
          description={messages.auth.passwordHint}
        />
        <FormError message={serverError} />
        <SubmitButton pending={signUp.isPending}>{messages.auth.signUp}</SubmitButton>
      </form>
    </Form>
  );
}
