import { zodResolver } from "@hookform/resolvers/zod";
import {
  createWebhookSchema,
  messages,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "@reelsmith/core";
import { ChevronDown, ChevronRight, Copy, Loader2, Webhook } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { CheckboxGroupField } from "@/components/form/checkbox-group-field";
import { TextField } from "@/components/form/text-field";
import { ListCard } from "@/components/list-card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { useFormDialog } from "@/hooks/use-form-dialog";
import { copyText } from "@/lib/clipboard";
import { formatDateTime } from "@/lib/format";
import { useAddWebhook, useDeleteWebhook, useDeliveries, useResendDelivery, useWebhooks } from "../api/webhooks";

const t = messages.webhooks;

/** Settings > Webhooks: endpoints with their events and signing secret, each delivery's log, resend and delete. */
export function WebhooksCard() {
  const endpoints = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [showDelete, setShowDelete] = useState(false);

  return (
    <ListCard
      title={t.title}
      description={t.description}
      addLabel={t.add}
      onAdd={() => setAdding(true)}
      query={endpoints}
      empty={t.none}
      row={(endpoint) => (
        <EndpointRow
          key={endpoint.id}
          endpoint={endpoint}
          onDelete={() => {
            setDeleting(endpoint);
            setShowDelete(true);
          }}
        />
      )}
    >
      <AddEndpointDialog open={adding} onOpenChange={setAdding} />
      <DeleteEndpointDialog endpoint={deleting} open={showDelete} onClose={() => setShowDelete(false)} />
    </ListCard>
  );
}

function EndpointRow({ endpoint, onDelete }: { endpoint: WebhookEndpoint; onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  const copySecret = () =>
    copyText(endpoint.secret, { copied: t.secretCopied, failed: messages.common.somethingWentWrong });
  return (
    <li className="space-y-2 py-3" aria-label={endpoint.url}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <div className="flex items-center gap-2">
            <Webhook className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
            <span className="truncate font-mono text-sm">{endpoint.url}</span>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {endpoint.events.map((event) => (
              <Badge key={event} variant="secondary">
                {event}
              </Badge>
            ))}
          </div>
        </div>
        <div className="flex gap-1">
          <Button size="sm" variant="ghost" onClick={() => void copySecret()} title={t.secretHint}>
            <Copy aria-hidden="true" />
            {t.secretLabel}
          </Button>
          <Button size="sm" variant="ghost" className="text-destructive" onClick={onDelete}>
            {t.delete}
          </Button>
        </div>
      </div>
      <Button
        size="sm"
        variant="link"
        className="h-auto px-0"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
        {t.deliveries}
      </Button>
      {open ? <DeliveryLog endpointId={endpoint.id} /> : null}
    </li>
  );
}

const STATUS_VARIANT = { delivered: "secondary", pending: "outline", failed: "destructive" } as const;

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const deliveries = useDeliveries(endpointId, true);
  const resend = useResendDelivery(endpointId);
  if (deliveries.isPending) return <Loader2 className="text-muted-foreground size-4 animate-spin" />;
  if (deliveries.isError) return <p className="text-destructive text-sm">{deliveries.error.message}</p>;
  if (deliveries.data.items.length === 0) return <p className="text-muted-foreground text-sm">{t.noDeliveries}</p>;
  return (
    <ul className="bg-muted/40 divide-y rounded-md text-sm" aria-label={t.deliveries}>
      {deliveries.data.items.map((delivery: WebhookDelivery) => (
        <li key={delivery.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={STATUS_VARIANT[delivery.status]}>{delivery.status}</Badge>
            <span className="font-medium">{delivery.event}</span>
            <span className="text-muted-foreground text-xs">
              {delivery.response_code ?? "—"} · {delivery.attempts} {delivery.attempts === 1 ? "attempt" : "attempts"} ·{" "}
              {formatDateTime(delivery.last_attempt_at ?? delivery.created_at)}
              {delivery.error && delivery.status !== "delivered" ? ` · ${delivery.error}` : ""}
            </span>
          </div>
          <Button
            size="sm"
            variant="outline"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(delivery.id, {
                onSuccess: () => toast.success(t.resent),
                onError: (error) => toast.error(error.message || messages.common.somethingWentWrong),
              })
            }
          >
            {t.resend}
          </Button>
        </li>
      ))}
    </ul>
  );
}

type AddInput = z.input<typeof createWebhookSchema>;
type AddOutput = z.output<typeof createWebhookSchema>;

function AddEndpointDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const add = useAddWebhook();
  const form = useForm<AddInput, unknown, AddOutput>({
    resolver: zodResolver(createWebhookSchema),
    mode: "onTouched",
    defaultValues: { url: "", events: ["video.finished", "video.failed"] },
  });
  const close = useFormDialog(open, onOpenChange, form, add);
  const onSubmit = form.handleSubmit((values) =>
    add.mutateAsync(values).then(
      () => close(false),
      () => {},
    ),
  );
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t.add}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-5">
            <TextField
              control={form.control}
              name="url"
              label={t.urlLabel}
              placeholder={t.urlPlaceholder}
              type="url"
              autoComplete="off"
            />
            <CheckboxGroupField
              control={form.control}
              name="events"
              legend={t.eventsLabel}
              options={WEBHOOK_EVENTS.map((event) => ({
                value: event,
                label: (
                  <>
                    {t.eventWords[event]} <code className="text-muted-foreground text-xs">{event}</code>
                  </>
                ),
              }))}
            />
            {add.error ? (
              <p role="alert" className="text-destructive text-sm">
                {add.error.message || messages.common.somethingWentWrong}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)} disabled={add.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="brand" disabled={add.isPending}>
                {add.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {t.add}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteEndpointDialog({
  endpoint,
  open,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  open: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteWebhook();
  const confirm = () => {
    if (!endpoint) return;
    remove.mutate(endpoint.id, {
      onSuccess: () => {
        toast.success(t.deleted);
        onClose();
      },
      onError: (error) => toast.error(error.message || messages.common.somethingWentWrong),
    });
  };
  return (
    <ConfirmDialog
      open={open}
      title={t.deleteTitle}
      description={
        <>
          <span className="font-mono">{endpoint?.url}</span> {t.deleteBody}
        </>
      }
      confirmLabel={t.delete}
      destructive
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
