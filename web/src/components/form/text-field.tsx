import type { ComponentProps, ReactNode } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";

import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";

/**
 * One labelled text input of a react-hook-form form, with its hint and validation message: the field every
 * form of the app repeats (sign in, sign up, contact).
 */
export function TextField<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({
  control,
  name,
  label,
  labelAside,
  description,
  quietMessage,
  ...input
}: {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: TName;
  label: string;
  /** Shown at the label's right, e.g. "Optional". */
  labelAside?: ReactNode;
  description?: ReactNode;
  /** A validation message the form says once for all fields (a toast): the field only turns red for it. */
  quietMessage?: string;
} & Omit<ComponentProps<typeof Input>, "name" | "value" | "onChange" | "onBlur" | "ref">) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormItem>
          {labelAside ? (
            <div className="flex items-baseline justify-between">
              <FormLabel>{label}</FormLabel>
              {labelAside}
            </div>
          ) : (
            <FormLabel>{label}</FormLabel>
          )}
          <FormControl>
            <Input {...input} {...field} />
          </FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          {quietMessage !== undefined && fieldState.error?.message === quietMessage ? null : <FormMessage />}
        </FormItem>
      )}
    />
  );
}
