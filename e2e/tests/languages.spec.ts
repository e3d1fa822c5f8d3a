import { expect, test } from "@playwright/test";
import { languageMessages } from "@reelsmith/core";
import { signUp, snap } from "./helpers.ts";

test("a creator makes one story in English and Spanish at once: without a language model they write the Spanish, both are charged together", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.goto("/create/reddit-story");
  await page.getByLabel("Post title").fill("AITA for hiding my ladder?");
  await page.getByRole("textbox", { name: "Script" }).fill("My neighbour kept borrowing my ladder. So I hid it.");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("radio", { name: /Minimal/ }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("radio", { name: /GTA/ }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();

  // Adding a language asks for its words: no model is connected here, so the creator writes them.
  await page.getByRole("button", { name: "Spanish", exact: true }).click();
  await expect(page.getByText(languageMessages.writeYourOwn)).toBeVisible();
  await expect(page.getByRole("button", { name: "Translate", exact: true })).toBeDisabled();
  const generate = page.getByRole("button", { name: "Generate 2 Videos · 12 credits" });
  await generate.click();
  await expect(page.getByText(languageMessages.fanOutIncomplete("spanish")).first()).toBeVisible();
  await expect(page.getByText("20 credits available").first()).toBeVisible();

  await page.getByLabel("Post title · Spanish").fill("¿Soy el malo por esconder mi escalera?");
  await page.getByLabel("Script · Spanish").fill("Mi vecino siempre me pedía la escalera. Así que la escondí.");
  await snap(page, "reddit-languages");
  await generate.click();

  // One batch of a video per language, charged together: 20 - 2 x 6.
  await expect(page).toHaveURL(/\/create\/batches\//);
  await expect(page.getByRole("cell", { name: /¿Soy el malo por esconder mi escalera\?/ })).toBeVisible();
  await expect(page.getByRole("cell", { name: /AITA for hiding my ladder\?/ })).toBeVisible();
  await expect(page.getByText("8 credits available").first()).toBeVisible();
});
