import { zodResolver } from "@hookform/resolvers/zod";
import { type ContactMessage, type ContactMessageInput, contactMessageSchema, messages } from "@reelsmith/core";
import { Loader2, Send } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { TextField } from "@/components/form/text-field";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { useHydrated } from "@/hooks/use-hydrated";
import { useSendContactMessage } from "../api/send-contact-message";

const EMPTY: ContactMessageInput = { firstName: "", lastName: "", email: "", subject: "", message: "", website: "" };
const FORM_SELECTOR = 'form[data-form="contact"]';

/**
 * What a visitor typed into the pre-rendered form before the page's script ran. The form starts from these
 * values, so hydration does not empty the fields under their fingers.
 */
function typedBeforeHydration(): ContactMessageInput {
  const form = typeof document === "undefined" ? null : document.querySelector<HTMLFormElement>(FORM_SELECTOR);
  if (!form) return EMPTY;
  const values = { ...EMPTY };
  for (const name of Object.keys(EMPTY) as (keyof ContactMessageInput)[]) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) values[name] = field.value;
  }
  return values;
}

/** The five-field contact form (all required), with a hidden honeypot field for bots. */
export function ContactForm() {
  const send = useSendContactMessage();
  // The page is pre-rendered: until its script runs, a click would submit the form natively.
  const hydrated = useHydrated();
  const [initial] = useState(typedBeforeHydration);
  const form = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: initial,
  });

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await send.mutateAsync(values);
        toast.success(messages.contact.sent);
        form.reset(EMPTY);
      } catch (error) {
        const detail = error instanceof Error ? error.message : "";
        toast.error(detail ? messages.contact.sendFailedWith(detail) : messages.contact.sendFailed);
      }
    },
    // 'Please fill out all fields' shows once, as a toast; blank fields only turn red.
    (errors) => {
      const blank = Object.values(errors).some((e) => e?.message === messages.contact.fillAllFields);
      if (blank) toast.error(messages.contact.fillAllFields);
    },
  );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Contact form" data-form="contact">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            quietMessage={messages.contact.fillAllFields}
            control={form.control}
            name="firstName"
            label="First name"
            autoComplete="given-name"
          />
          <TextField
            quietMessage={messages.contact.fillAllFields}
            control={form.control}
            name="lastName"
            label="Last name"
            autoComplete="family-name"
          />
        </div>
        <TextField
          quietMessage={messages.contact.fillAllFields}
          control={form.control}
          name="email"
          label="E-mail"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
        />
        <TextField
          quietMessage={messages.contact.fillAllFields}
          control={form.control}
          name="subject"
          label="Subject"
          placeholder="What is it about?"
        />
        <FormField
          control={form.control}
          name="message"
          render={({ field, fieldState }) => (
            <FormItem>
              <FormLabel>Message</FormLabel>
              <FormControl>
                <Textarea rows={6} className="min-h-36" placeholder="Tell us how we can help." {...field} />
              </FormControl>
              {fieldState.error?.message === messages.contact.fillAllFields ? null : <FormMessage />}
            </FormItem>
          )}
        />
        {/* Honeypot: off-screen and skipped by keyboard and screen readers; only bots fill it in. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Leave this field empty</label>
          <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...form.register("website")} />
        </div>
        <Button
          type="submit"
          variant="brand"
          size="lg"
          disabled={!hydrated || send.isPending}
          className="w-full sm:w-auto sm:justify-self-start"
        >
          {send.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          Send message
        </Button>
      </form>
    </Form>
  );
}
