/**
 * Any OpenAI-compatible chat API (OpenAI, Ollama, vLLM, LM Studio ...): POST {baseUrl}/chat/completions.
 * The only code that talks to the language model.
 */
export interface LlmConfig {
  /** Including the version path, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 */
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number;
}

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export class LlmError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "LlmError";
  }
}

export interface LanguageModel {
  readonly model: string;
  complete(
    messages: ChatMessage[],
    options?: { json?: boolean; maxTokens?: number; signal?: AbortSignal },
  ): Promise<string>;
}

export class OpenAiCompatibleLlm implements LanguageModel {
  readonly model: string;
  constructor(private readonly config: LlmConfig) {
    this.model = config.model;
  }

  async complete(
    messages: ChatMessage[],
    options: { json?: boolean; maxTokens?: number; signal?: AbortSignal } = {},
  ): Promise<string> {
    const url = `${this.config.baseUrl.replace(/\/+$/, "")}/chat/completions`;
    const timeout = AbortSignal.timeout(this.config.timeoutMs ?? 60_000);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        signal,
        headers: {
          "content-type": "application/json",
          ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.config.model,
          messages,
          temperature: 0.9,
          ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
          ...(options.json ? { response_format: { type: "json_object" } } : {}),
        }),
      });
    } catch (error) {
      throw new LlmError(`The language model could not be reached: ${(error as Error).message}`);
    }
    if (!response.ok) {
      const detail = (await response.text().catch(() => "")).slice(0, 300);
      throw new LlmError(`The language model answered ${response.status}: ${detail}`, response.status);
    }
    const body = (await response.json().catch(() => null)) as {
      choices?: { message?: { content?: string | null } }[];
    } | null;
    const content = body?.choices?.[0]?.message?.content;
    if (typeof content !== "string" || content.trim() === "") {
      throw new LlmError("The language model returned no text.");
    }
    return content;
  }
}
