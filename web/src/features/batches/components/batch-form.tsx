import {
  BATCHES,
  type BatchCheck,
  type BatchFormat,
  type BatchRowError,
  batchColumns,
  type CreateBatchBody,
  creditCost,
  messages,
  batchMessages as t,
  type VideoType,
  videoTypeCatalogue,
} from "@reelsmith/core";
import { AlertCircle, CheckCircle2, Download, FileUp, Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { insufficientCreditsFrom } from "@/components/builder/insufficient-credits";
import { InsufficientCreditsDialog } from "@/components/builder/insufficient-credits-dialog";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api-error";
import { useCheckBatch, useCreateBatch } from "../api/batches";

/** The file as read in the browser: its name, its text and which format its name says. */
interface ChosenFile {
  name: string;
  text: string;
  format: BatchFormat;
}

function formatOf(name: string): BatchFormat {
  return /\.(jsonl|ndjson|json)$/i.test(name) ? "jsonl" : "csv";
}

/** A CSV holding just the type's columns, to fill in a spreadsheet. */
function templateHref(type: VideoType): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`${batchColumns(type).join(",")}\n`)}`;
}

/** The defaults box as an object, or the reason it is not one. */
function parseDefaults(text: string): { ok: true; value: Record<string, unknown> } | { ok: false } {
  if (text.trim() === "") return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value))
      return { ok: true, value: value as Record<string, unknown> };
  } catch {}
  return { ok: false };
}

/**
 * The Batch tab: a type, a CSV or JSON lines file and optional default values. "Check the file" asks the server what
 * it would make (every bad row and column, the whole cost); only a file without a bad row can be made, all at once.
 */
export function BatchForm() {
  const navigate = useNavigate();
  const ids = { type: useId(), file: useId(), defaults: useId() };
  const [type, setType] = useState<VideoType>("text-hook");
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [defaultsText, setDefaultsText] = useState("");
  const [defaultsInvalid, setDefaultsInvalid] = useState(false);
  const [result, setResult] = useState<BatchCheck | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [short, setShort] = useState<{ required: number; current: number } | null>(null);
  const check = useCheckBatch();
  const create = useCreateBatch();

  const reset = () => {
    setResult(null);
    setRefusal(null);
  };

  const body = (): CreateBatchBody | null => {
    const defaults = parseDefaults(defaultsText);
    setDefaultsInvalid(!defaults.ok);
    if (!defaults.ok || !file) return null;
    return { type, format: file.format, rows: file.text, defaults: defaults.value, name: file.name };
  };

  const onCheck = () => {
    const request = body();
    if (!request) return;
    reset();
    check.mutate(request, {
      onSuccess: setResult,
      onError: (error) => setRefusal(error instanceof ApiError ? error.message : messages.common.somethingWentWrong),
    });
  };

  const onCreate = () => {
    const request = body();
    if (!request) return;
    create.mutate(request, {
      onSuccess: (batch) => {
        toast.success(t.created(batch.row_count));
        void navigate(`/create/batches/${batch.id}`);
      },
      onError: (error) => {
        const credits = insufficientCreditsFrom(error);
        if (credits) return setShort(credits);
        if (error instanceof ApiError && error.details.errors) {
          setResult({ rows: result?.rows ?? 0, cost: result?.cost ?? 0, errors: error.details.errors });
        }
        setRefusal(error instanceof ApiError ? error.message : messages.common.somethingWentWrong);
      },
    });
  };

  const ready = result !== null && result.errors.length === 0 && result.rows > 0;
  return (
    <section aria-labelledby="batch-title" className="space-y-6 rounded-xl border bg-card p-5 md:p-6">
      <div className="space-y-1.5">
        <h2 id="batch-title" className="font-display text-lg font-bold">
          {t.title}
        </h2>
        <p className="text-sm text-muted-foreground">{t.description}</p>
      </div>

      <div className="grid gap-5 md:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={ids.type}>{t.typeLabel}</Label>
          <Select
            value={type}
            onValueChange={(value) => {
              setType(value as VideoType);
              reset();
            }}
          >
            <SelectTrigger id={ids.type} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {videoTypeCatalogue.map((entry) => (
                <SelectItem key={entry.type} value={entry.type}>
                  {entry.name} · {entry.cost} credits each
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p className="text-xs text-muted-foreground">
            Columns: <code className="break-words">{batchColumns(type).join(", ")}</code>.{" "}
            <a
              href={templateHref(type)}
              download={`reelsmith-${type}-batch.csv`}
              className="inline-flex items-center gap-1 text-primary underline underline-offset-4"
            >
              <Download className="size-3" aria-hidden="true" />
              {t.template}
            </a>
          </p>
        </div>

        <div className="space-y-2">
          <Label htmlFor={ids.file}>{t.fileLabel}</Label>
          <label
            htmlFor={ids.file}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-dashed px-4 py-3 text-sm hover:border-primary/60"
          >
            <FileUp className="size-4 text-muted-foreground" aria-hidden="true" />
            <span className="truncate">{file ? file.name : "Choose a .csv or .jsonl file"}</span>
          </label>
          <input
            id={ids.file}
            type="file"
            accept=".csv,.jsonl,.ndjson,.txt,text/csv,application/x-ndjson"
            className="sr-only"
            onChange={async (event) => {
              const chosen = event.target.files?.[0];
              reset();
              if (!chosen) return setFile(null);
              setFile({ name: chosen.name, text: await chosen.text(), format: formatOf(chosen.name) });
            }}
          />
          <p className="text-xs text-muted-foreground">At most {BATCHES.maxRows} rows, one video each.</p>
        </div>
      </div>

      <div className="space-y-2">
        <Label htmlFor={ids.defaults}>{t.defaultsLabel}</Label>
        <Textarea
          id={ids.defaults}
          value={defaultsText}
          onChange={(event) => {
            setDefaultsText(event.target.value);
            reset();
          }}
          placeholder='{"video_style": "boiler-room"}'
          rows={3}
          className="font-mono text-sm"
          aria-invalid={defaultsInvalid || undefined}
          aria-describedby={`${ids.defaults}-hint`}
        />
        <p
          id={`${ids.defaults}-hint`}
          className={defaultsInvalid ? "text-sm text-destructive" : "text-xs text-muted-foreground"}
        >
          {defaultsInvalid ? t.defaultsInvalid : t.defaultsHint}
        </p>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="secondary" onClick={onCheck} disabled={!file || check.isPending}>
          {check.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t.check}
        </Button>
        {ready ? (
          <Button type="button" onClick={onCreate} disabled={create.isPending}>
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t.create(result.rows, result.cost)}
          </Button>
        ) : null}
      </div>

      <div aria-live="polite" className="space-y-3">
        {ready ? (
          <p className="flex items-center gap-2 text-sm text-success">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            {t.ready(result.rows, result.cost)} {creditCost(type)} credits a video.
          </p>
        ) : null}
        {refusal && !(result && result.errors.length > 0) ? (
          <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
            <AlertCircle className="size-4" aria-hidden="true" />
            {refusal}
          </p>
        ) : null}
        {result && result.errors.length > 0 ? <RowErrors errors={result.errors} /> : null}
      </div>

      <InsufficientCreditsDialog
        open={short !== null}
        onOpenChange={(open) => (open ? undefined : setShort(null))}
        required={short?.required ?? 0}
        current={short?.current ?? 0}
      />
    </section>
  );
}

/** Every row and column that stops the batch, as the server named them. */
function RowErrors({ errors }: { errors: BatchRowError[] }) {
  const rows = new Set(errors.map((e) => e.row)).size;
  return (
    <div role="alert" className="space-y-2">
      <p className="flex items-center gap-2 text-sm font-medium text-destructive">
        <AlertCircle className="size-4" aria-hidden="true" />
        {t.invalid(rows)}
      </p>
      <div className="max-h-80 overflow-auto rounded-lg border">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-muted text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Line
              </th>
              <th scope="col" className="px-3 py-2">
                Column
              </th>
              <th scope="col" className="px-3 py-2">
                Reason
              </th>
            </tr>
          </thead>
          <tbody>
            {errors.map((error) => (
              <tr key={`${error.row}-${error.line}-${error.column}-${error.message}`} className="border-t">
                <td className="px-3 py-2 tabular-nums">{error.row === 0 ? "File" : error.row}</td>
                <td className="px-3 py-2 tabular-nums">{error.line > 0 ? error.line : "—"}</td>
                <td className="px-3 py-2 font-mono text-xs">{error.column ?? "—"}</td>
                <td className="px-3 py-2 [overflow-wrap:anywhere]">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
