import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { LanguageModel } from 'ai'
import type { AiConfig } from '../config.ts'

/**
 * The configured OpenAI-compatible endpoint (AI_BASE_URL, AI_API_KEY, AI_MODEL) as AI SDK models: one
 * that asks for JSON with `response_format: json_schema` and one that sends no response format at all (for
 * models that refuse json_schema: the JSON is asked for in the prompt and read from the text).
 */
export interface AiProvider {
  config: AiConfig
  structuredModel: LanguageModel
  plainModel: LanguageModel
  /**
   * Set once the model refused json_schema and the text fallback worked (AI_STRUCTURED_OUTPUT=auto): its
   * later calls go straight to the fallback. Per server process; a restart asks again.
   */
  refusesJsonSchema: boolean
}

export function createAiProvider(config: AiConfig): AiProvider {
  const options = {
    name: 'basalt-ai',
    baseURL: config.baseUrl,
    // Local servers (llama.cpp, Ollama, vLLM) take any key or none: no Authorization header without one.
    apiKey: config.apiKey,
    // Streams end with the token counts the audit log records.
    includeUsage: true,
  }
  return {
    config,
    structuredModel: createOpenAICompatible({ ...options, supportsStructuredOutputs: true }).chatModel(config.model),
    plainModel: createOpenAICompatible(options).chatModel(config.model),
    refusesJsonSchema: false,
  }
}
