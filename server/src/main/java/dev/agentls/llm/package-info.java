/**
 * Talking to models: OpenAI-compatible and Anthropic streaming clients, tool-call assembly, the XML tool-tag parser, typed failures, retries, usage. The only package that imports okhttp.
 */
package dev.agentls.llm;
