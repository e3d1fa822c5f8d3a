import type { ReactNode } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";

import { FormField, FormItem, FormMessage } from "@/components/ui/form";

/**
 * A react-hook-form field holding a list of chosen values, shown as a titled group of checkboxes (each option with
 * its own words) and the field's validation message: an API key's scopes, a webhook's events.
 */
export function CheckboxGroupField<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
  V extends string = string,
>({
  control,
  name,
  legend,
  options,
}: {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: TName;
  legend: string;
  options: readonly { value: V; label: ReactNode }[];
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const chosen: V[] = field.value ?? [];
        return (
          <FormItem>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm leading-none font-medium">{legend}</legend>
              {options.map(({ value, label }) => {
                const checked = chosen.includes(value);
                return (
                  <label key={value} className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="accent-primary mt-0.5 size-4"
                      checked={checked}
                      onChange={() => field.onChange(checked ? chosen.filter((v) => v !== value) : [...chosen, value])}
                    />
                    <span>{label}</span>
                  </label>
                );
              })}
            </fieldset>
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}
