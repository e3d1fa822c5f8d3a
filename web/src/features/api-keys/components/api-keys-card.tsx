import { zodResolver } from "@hookform/resolvers/zod";
import {
  API_KEY_SCOPES,
  API_KEYS,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
  createApiKeySchema,
  messages,
} from "@reelsmith/core";
import { Copy, KeyRound, Loader2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
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
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useFormDialog } from "@/hooks/use-form-dialog";
import { copyText } from "@/lib/clipboard";
import { formatDate } from "@/lib/format";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "../api/api-keys";

const t = messages.apiKeys;
const SCOPE_WORDS: Record<ApiKeyScope, string> = { read: t.scopeRead, create: t.scopeCreate };

/** Settings > API keys: make a key (shown once), see each key's start and use, revoke one at once. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  // The new key stays while its dialog animates closed; `showMade` opens and closes it.
  const [made, setMade] = useState<CreatedApiKey | null>(null);
  const [showMade, setShowMade] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [showRevoke, setShowRevoke] = useState(false);

  return (
    <ListCard
      title={t.title}
      description={
        <>
          {t.description}{" "}
          <Link to="/docs/api" className="underline underline-offset-4">
            {t.docs}
          </Link>
        </>
      }
      addLabel={t.create}
      onAdd={() => setCreating(true)}
      query={keys}
      empty={t.none}
      row={(key) => (
        <KeyRow
          key={key.id}
          apiKey={key}
          onRevoke={() => {
            setRevoking(key);
            setShowRevoke(true);
          }}
        />
      )}
    >
      <CreateKeyDialog
        open={creating}
        onOpenChange={setCreating}
        onMade={(key) => {
          setMade(key);
          setShowMade(true);
        }}
      />
      <MadeKeyDialog made={made} open={showMade} onClose={() => setShowMade(false)} />
      <RevokeKeyDialog apiKey={revoking} open={showRevoke} onClose={() => setShowRevoke(false)} />
    </ListCard>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const expired = apiKey.expires_at !== null && new Date(apiKey.expires_at).getTime() <= Date.now();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <KeyRound className="text-muted-foreground size-4" aria-hidden="true" />
          <span className="font-medium">{apiKey.name}</span>
          <code className="bg-muted rounded px-1.5 py-0.5 text-xs">{apiKey.prefix}…</code>
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} variant="secondary" className="capitalize">
              {scope}
            </Badge>
          ))}
          {expired ? <Badge variant="destructive">Expired</Badge> : null}
        </div>
        <p className="text-muted-foreground text-xs">
          {t.created} {formatDate(apiKey.created_at)} ·{" "}
          {apiKey.last_used_at ? `${t.lastUsed} ${formatDate(apiKey.last_used_at)}` : t.neverUsed}
          {apiKey.expires_at ? ` · ${t.expires} ${formatDate(apiKey.expires_at)}` : ""}
        </p>
      </div>
      <Button size="sm" variant="ghost" className="text-destructive" onClick={onRevoke}>
        {t.revoke}
      </Button>
    </li>
  );
}

type CreateInput = z.input<typeof createApiKeySchema>;
type CreateOutput = z.output<typeof createApiKeySchema>;

function CreateKeyDialog({
  open,
  onOpenChange,
  onMade,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMade: (made: CreatedApiKey) => void;
}) {
  const create = useCreateApiKey();
  const form = useForm<CreateInput, unknown, CreateOutput>({
    resolver: zodResolver(createApiKeySchema),
    mode: "onTouched",
    defaultValues: { name: "", scopes: ["read", "create"], expires_in_days: null },
  });
  const close = useFormDialog(open, onOpenChange, form, create);
  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      (made) => {
        close(false);
        onMade(made);
      },
      () => {},
    ),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t.create}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-5">
            <TextField
              control={form.control}
              name="name"
              label={t.nameLabel}
              placeholder={t.namePlaceholder}
              maxLength={API_KEYS.nameMax}
              autoComplete="off"
            />
            <CheckboxGroupField
              control={form.control}
              name="scopes"
              legend={t.scopesLabel}
              options={API_KEY_SCOPES.map((scope) => ({ value: scope, label: SCOPE_WORDS[scope] }))}
            />
            <FormField
              control={form.control}
              name="expires_in_days"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t.expiryLabel}</FormLabel>
                  <Select
                    value={field.value ? String(field.value) : "never"}
                    onValueChange={(value) => field.onChange(value === "never" ? null : Number(value))}
                  >
                    <FormControl>
                      <SelectTrigger className="w-full">
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      <SelectItem value="never">{t.never}</SelectItem>
                      {API_KEYS.expiryDays.map((days) => (
                        <SelectItem key={days} value={String(days)}>
                          {t.days(days)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
            />
            {create.error ? (
              <p role="alert" className="text-destructive text-sm">
                {create.error.message || messages.common.somethingWentWrong}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="brand" disabled={create.isPending}>
                {create.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {t.create}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** The new key, whole, once: copied from here or never seen again. */
function MadeKeyDialog({ made, open, onClose }: { made: CreatedApiKey | null; open: boolean; onClose: () => void }) {
  const copy = async () => {
    if (made) await copyText(made.key, { copied: t.copied, failed: messages.common.somethingWentWrong });
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{made?.name}</DialogTitle>
          <DialogDescription>{t.shownOnce}</DialogDescription>
        </DialogHeader>
        <div className="flex gap-2">
          <Input
            readOnly
            value={made?.key ?? ""}
            aria-label="API key"
            className="font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            {t.copy}
          </Button>
        </div>
        <DialogFooter>
          <Button variant="brand" onClick={onClose}>
            {t.done}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function RevokeKeyDialog({ apiKey, open, onClose }: { apiKey: ApiKey | null; open: boolean; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  const confirm = () => {
    if (!apiKey) return;
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        toast.success(t.revoked);
        onClose();
      },
      onError: (error) => toast.error(error.message || messages.common.somethingWentWrong),
    });
  };
  return (
    <ConfirmDialog
      open={open}
      title={apiKey ? t.revokeTitle(apiKey.name) : t.revoke}
      description={t.revokeBody}
      confirmLabel={t.revoke}
      destructive
      busy={revoke.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
