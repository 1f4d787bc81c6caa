/**
 * Talking to models: OpenAI-compatible and Anthropic streaming clients, tool-call assembly, the XML tool-tag parser
 * ({@code llm.xml}), typed failures, retries, usage. The only package that imports okhttp, which carries every
 * request, behind one seam ({@code HttpExchange}) under the rules of {@code HttpAttempt}. JSON is Jackson's: one
 * mapper with the wire's read limits ({@code WireJson}), trees for chunks and bodies, a generator for requests.
 *
 * <p>Use: build one {@link dev.agentls.llm.StreamingModelClient} per {@code LlmSettings} (product wiring:
 * {@code StreamingModelClient.forProduct(settings, executor)}), then per model turn call
 * {@code client.stream(ModelRequest, listener)}. It returns a {@link dev.agentls.llm.ModelCall} at once; the call runs
 * on the executor and delivers {@link dev.agentls.llm.ModelEvent}s to the listener on that thread, ending with
 * {@code Usage} (when reported) and {@code Finished}, or with a {@link dev.agentls.llm.ModelFailure} in
 * {@code call.outcome()} (a future that never completes exceptionally); an answer that streams past
 * {@code maxAnswerChars} is stopped with {@code ModelFailure.AnswerTooLarge}. {@code call.cancel()} closes the HTTP
 * connection at once; no event is delivered after it returns. Wrap the listener in an
 * {@link dev.agentls.llm.AnswerCollector} to get the {@code Assistant} message for the history.
 *
 * <p>Sub-packages: {@code sse} (the event-stream decoder), {@code replay} (the transcript format and the loopback
 * replay server behind {@code agentls replay-model}), {@code xml} (the XML tool-mode parser).
 */
package dev.agentls.llm;
