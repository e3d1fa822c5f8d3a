import { FILE_ACCEPT, isAcceptedImageFile, messages, UGC_PRODUCT_NAME_MAX } from "@reelsmith/core";
import { ImageIcon, Lightbulb } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";

import { useFiles } from "@/components/builder/api/get-files";
import { FieldError } from "@/components/builder/field-error";
import { UploadField } from "@/components/builder/pickers/upload-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type AdScriptFields, withProductName } from "../lib/ad-script";

export interface ProductValues extends AdScriptFields {
  product_image_id: string | null;
}

const UPLOAD_MESSAGES = {
  invalidType: { title: messages.ugc.imageInvalid },
  tooLarge: { title: messages.ugc.imageTooLarge },
  deleted: { title: messages.files.imageDeleted },
  deleteFailed: { title: messages.files.imageDeleteFailed },
};

export const GUIDELINES_PATH = "/ai-ugc-ads/guidelines";

/**
 * Step 1: the product photo, uploaded or picked from Your Library (each with its thumbnail), shown
 * large once chosen, and the product's name, which fills the ad's script from the template.
 */
export function ProductStep({
  values,
  onChange,
  errors = {},
}: {
  values: ProductValues;
  onChange: (patch: Partial<ProductValues>) => void;
  /** The server's reasons for refusing these fields when the video was generated. */
  errors?: Partial<Record<string, string>>;
}) {
  const nameId = useId();
  const files = useFiles("product-image");
  const chosen = files.data?.find((f) => f.id === values.product_image_id);

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
      <UploadField
        kind="product-image"
        value={values.product_image_id}
        onChange={(file) => onChange({ product_image_id: file?.id ?? null })}
        accept={FILE_ACCEPT["product-image"]}
        isAccepted={isAcceptedImageFile}
        messages={UPLOAD_MESSAGES}
        prompt="Upload a product photo"
        hint="JPG, PNG or WebP · up to 10 MB · square, at least 1080 × 1080, works best"
        renderPreview={(file) => (
          <img
            src={file.url}
            alt=""
            loading="lazy"
            className="size-11 shrink-0 rounded-md border bg-muted object-cover"
          />
        )}
        error={errors.product_image_id}
      />

      <div className="space-y-5">
        {/* Beside the name on a phone, above it in the wide layout's column. */}
        <figure className="grid grid-cols-[6.5rem_minmax(0,1fr)] items-center gap-4 lg:grid-cols-1 lg:gap-2">
          <div className="relative grid aspect-square place-items-center overflow-hidden rounded-xl border bg-muted/40">
            {chosen ? (
              <img
                src={chosen.url}
                alt={`Your product: ${chosen.original_filename}`}
                className="size-full object-contain"
              />
            ) : (
              <ImageIcon className="size-7 text-muted-foreground lg:size-8" aria-hidden="true" />
            )}
          </div>
          <figcaption className="min-w-0 text-sm text-muted-foreground lg:text-xs">
            {chosen ? (
              <>
                <span className="block font-medium text-foreground lg:hidden">Your product photo</span>
                <span className="block truncate">{chosen.original_filename}</span>
              </>
            ) : (
              "Your product photo shows here once you upload or pick one."
            )}
          </figcaption>
        </figure>

        <div className="space-y-2">
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor={nameId}>Product name</Label>
            <span id={`${nameId}-count`} className="text-xs tabular-nums text-muted-foreground">
              {values.product_name.length}/{UGC_PRODUCT_NAME_MAX}
            </span>
          </div>
          <Input
            id={nameId}
            value={values.product_name}
            maxLength={UGC_PRODUCT_NAME_MAX}
            placeholder="e.g. Glow Serum"
            autoComplete="off"
            aria-invalid={errors.product_name ? true : undefined}
            aria-describedby={`${nameId}-count ${nameId}-hint${errors.product_name ? ` ${nameId}-error` : ""}`}
            onChange={(e) => onChange(withProductName(values, e.target.value.slice(0, UGC_PRODUCT_NAME_MAX)))}
          />
          {errors.product_name ? <FieldError id={`${nameId}-error`}>{errors.product_name}</FieldError> : null}
          <p id={`${nameId}-hint`} className="text-xs text-muted-foreground">
            The voice says it, and the script is written around it.
          </p>
        </div>

        <p className="flex gap-2 rounded-lg bg-muted/60 p-3 text-sm">
          <Lightbulb className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>
            Plain background, good light, the whole product in frame.{" "}
            <Link to={GUIDELINES_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
              Photo guidelines
            </Link>
          </span>
        </p>
      </div>
    </div>
  );
}
