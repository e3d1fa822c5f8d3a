import {
  capabilitiesSchema,
  generateAdCopySchema,
  generateCaptionSchema,
  generatedAdCopySchema,
  generatedCaptionSchema,
  generatedHookSchema,
  generatedScriptSchema,
  generateHookSchema,
  generateScriptSchema,
  translatedSchema,
  translateSchema,
} from "@reelsmith/core";
import { apiRoute, errorResponse, errorResponses } from "../../lib/openapi.ts";

const failures = errorResponses({
  400: "Invalid input",
  401: "Not signed in",
  429: "Too many requests",
  502: "The language model failed",
  503: "No language model is configured",
});

export const generateScriptRoute = apiRoute({
  method: "post",
  path: "/api/ai/script",
  tags: ["AI"],
  summary: "Write a Reddit-style story from a post title and an optional draft (free, rate limited)",
  security: [{ cookieAuth: [] }],
  request: { body: { content: { "application/json": { schema: generateScriptSchema } }, required: true } },
  responses: {
    200: { description: "The script", content: { "application/json": { schema: generatedScriptSchema } } },
    ...failures,
  },
});

export const generateCaptionRoute = apiRoute({
  method: "post",
  path: "/api/ai/caption",
  tags: ["AI"],
  summary: "Write a green-screen meme caption from a prompt (free, rate limited)",
  security: [{ cookieAuth: [] }],
  request: { body: { content: { "application/json": { schema: generateCaptionSchema } }, required: true } },
  responses: {
    200: { description: "The caption", content: { "application/json": { schema: generatedCaptionSchema } } },
    ...failures,
  },
});

export const generateHookRoute = apiRoute({
  method: "post",
  path: "/api/ai/hook",
  tags: ["AI"],
  summary: "Write a music video's on-screen hook from the song's name, the style and an idea (free, rate limited)",
  security: [{ cookieAuth: [] }],
  request: { body: { content: { "application/json": { schema: generateHookSchema } }, required: true } },
  responses: {
    200: { description: "The hook", content: { "application/json": { schema: generatedHookSchema } } },
    ...failures,
  },
});

export const generateAdCopyRoute = apiRoute({
  method: "post",
  path: "/api/ai/ad-copy",
  tags: ["AI"],
  summary:
    "Write a UGC ad hook and script from the product name, and from the product photo when the model sees images (free, rate limited)",
  security: [{ cookieAuth: [] }],
  request: { body: { content: { "application/json": { schema: generateAdCopySchema } }, required: true } },
  responses: {
    200: { description: "The copy", content: { "application/json": { schema: generatedAdCopySchema } } },
    ...failures,
    404: errorResponse("The product image is not one of the user's"),
  },
});

export const translateRoute = apiRoute({
  method: "post",
  path: "/api/ai/translate",
  tags: ["AI"],
  summary:
    "Translate a video's words (its type's translatable fields) into other languages, to check and edit before making it in them (free, rate limited)",
  security: [{ cookieAuth: [] }],
  request: { body: { content: { "application/json": { schema: translateSchema } }, required: true } },
  responses: {
    200: { description: "The words by language", content: { "application/json": { schema: translatedSchema } } },
    ...failures,
  },
});

export const capabilitiesRoute = apiRoute({
  method: "get",
  path: "/api/capabilities",
  tags: ["AI"],
  summary: "Which optional providers this server has (AI writing, voices, storage)",
  responses: {
    200: { description: "Capabilities", content: { "application/json": { schema: capabilitiesSchema } } },
  },
});
