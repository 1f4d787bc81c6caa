package dev.agentls.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.function.UnaryOperator;

/**
 * The one parser of the {@code agentls} settings section, as it arrives in initializationOptions or from
 * {@code workspace/configuration}: a Jackson {@code JsonNode} or plain Java maps. It refuses every bad value naming
 * its full key and the accepted form, collects all errors before failing, tolerates unknown keys with a warning,
 * and refuses anything that would put an API key into settings. Absent and {@code null} values take their defaults;
 * the provider's defaults fill the base URL, model and key variable.
 *
 * <p>Keys: {@code llm.provider, baseUrl, model, apiKeyEnv, toolMode, maxOutputTokens, contextWindow, safeZone,
 * continuationRounds, maxTokensField, maxAnswerChars, thinkingBudget, reasoningEffort,
 * timeouts.{connect, firstByte, idleBetweenChunks, noProgress, wholeAnswer},
 * retries.{maxAttempts, baseDelay, maxDelay},
 * prices.<model>.{input, output, cachedInput}}, {@code agent.maxIterations, maxCost, maxTokens,
 * maxConsecutiveMistakes} and {@code mcp.timeout, servers} and {@code editor.doneInstruction}.
 */
public final class SettingsParser {

    static final String ROOT = "agentls";
    /** The keys of the section's top level, each an object of settings (what a settings file must hold one of). */
    public static final List<String> SECTION_KEYS = List.of("llm", "agent", "mcp", "editor");
    private static final String OFF = "off";
    /** How {@link #keys()} names the price table's per-model keys. */
    static final String PRICED_MODEL = "<model>";
    private static final String TOKENS = "a whole number of tokens like 8192 or \"8k\"";
    private static final Duration MS = Duration.ofMillis(1);
    private static final Duration HOUR = Duration.ofHours(1);
    private static final Duration DAY = Duration.ofHours(24);
    private static final int MAX_PRICED_MODELS = 1000;
    private static final BigDecimal MAX_PRICE = BigDecimal.valueOf(1_000_000);

    /**
     * Parses the section. The value is the section's content ({@code {"llm": {...}, "agent": {...}}}); an object
     * whose only key is {@code agentls} is unwrapped first, so whole initializationOptions work too. {@code null}
     * gives the defaults.
     */
    public ParsedSettings parse(Object section) throws SettingsException {
        return parse(section, UnaryOperator.identity());
    }

    /** As {@link #parse(Object)}, reporting keys under the names {@code keyNamer} gives them (e.g. CLI flags). */
    ParsedSettings parse(Object section, UnaryOperator<String> keyNamer) throws SettingsException {
        Problems problems = new Problems(keyNamer);
        Object content = unwrap(section);
        AgentLsSettings settings = read(Section.of(ROOT, content, problems));
        if (problems.hasErrors()) {
            throw new SettingsException(problems.errors());
        }
        return new ParsedSettings(settings, problems.warnings());
    }

    /**
     * Every key this parser reads, in full ({@code agentls.llm.model}; the price table's as
     * {@code agentls.llm.prices.<model>.input}): what the documentation of settings must cover.
     */
    public SortedSet<String> keys() {
        Map<String, Object> pricedModel = Map.of("llm", Map.of("prices", Map.of(PRICED_MODEL, Map.of())));
        Section root = Section.of(ROOT, pricedModel, new Problems(UnaryOperator.identity()));
        read(root);
        return root.keysAsked();
    }

    private static AgentLsSettings read(Section root) {
        LlmSettings llm = llm(root.section("llm"));
        AgentSettings agent = agent(root.section("agent"));
        McpSettings mcp = mcp(root.section("mcp"));
        EditorSettings editor = editor(root.section("editor"));
        root.finish();
        return new AgentLsSettings(llm, agent, mcp, editor);
    }

    private static Object unwrap(Object section) {
        if (JsonValues.kind(section) == JsonValues.Kind.OBJECT) {
            Map<String, Object> fields = JsonValues.fields(section);
            if (fields.size() == 1 && fields.containsKey(ROOT)) {
                return fields.get(ROOT);
            }
        }
        return section;
    }

    private static LlmSettings llm(Section s) {
        Problems problems = s.problems();
        Provider provider = s.parsed("provider", "one of \"openai\", \"anthropic\"", Provider::byId)
                .orElse(Provider.OPENAI);
        LlmSettings d = LlmSettings.defaults(provider);
        URI baseUrl = baseUrl(s).orElse(d.baseUrl());
        String model = s.text("model", "a model name (1 to 200 characters, no control characters)", 200)
                .orElse(d.model());
        String apiKeyEnv = apiKeyEnv(s).orElse(d.apiKeyEnv());
        ToolMode toolMode = s.parsed("toolMode", "one of \"native\", \"xml\"", ToolMode::byId).orElse(d.toolMode());
        Optional<Integer> output = s.integer("maxOutputTokens", 1, 10_000_000, TOKENS + " between 1 and 10m");
        int contextWindow = s.integer("contextWindow", 1_000, 100_000_000, TOKENS + " between 1k and 100m")
                .orElse(d.contextWindow());
        // Unset, the output limit shrinks with a small window so a 4k local model works without a second setting.
        int maxOutput = output.orElse(Math.min(d.maxOutputTokens(), Math.max(1, contextWindow / 4)));
        SafeZone safeZone = safeZone(s).orElse(d.safeZone());
        int rounds = s.integer("continuationRounds", 0, 20, "a whole number from 0 to 20")
                .orElse(d.continuationRounds());
        MaxTokensField maxTokensField = s.parsed("maxTokensField",
                "one of \"auto\", \"max_tokens\", \"max_completion_tokens\"", MaxTokensField::byId)
                .orElse(d.maxTokensField());
        int maxAnswerChars = s.integer("maxAnswerChars", 1_000, 1_000_000_000,
                "a whole number of characters like 8000000 or \"8m\" between 1k and 1000m")
                .orElse(d.maxAnswerChars());
        Optional<Integer> budget = thinkingBudget(s);
        Optional<ReasoningEffort> effort = reasoningEffort(s);
        Timeouts timeouts = timeouts(s.section("timeouts"));
        RetryPolicy retries = retries(s.section("retries"));
        PriceTable prices = d.prices().under(prices(s.section("prices")));
        s.finish();

        if (maxOutput > contextWindow) {
            problems.error(s.key("maxOutputTokens"), maxOutput + " exceeds " + problems.name(s.key("contextWindow"))
                    + " (" + contextWindow + "); raise the window or lower the output limit");
        }
        if (safeZone instanceof SafeZone.Tokens t && t.tokens() > contextWindow) {
            problems.error(s.key("safeZone"), t.tokens() + " tokens exceeds " + problems.name(s.key("contextWindow"))
                    + " (" + contextWindow + "); use a smaller count or a fraction like \"0.8\"");
        }
        if (provider == Provider.ANTHROPIC && maxTokensField == MaxTokensField.MAX_COMPLETION_TOKENS) {
            problems.error(s.key("maxTokensField"), "\"max_completion_tokens\" is for the OpenAI-compatible protocol;"
                    + " Anthropic's Messages API takes max_tokens (leave it unset or \"auto\")");
        }
        Thinking thinking = thinking(s, provider, budget, effort, maxOutput, output.isEmpty());
        if (problems.hasErrors()) {
            return d;
        }
        return new LlmSettings(provider, baseUrl, model, apiKeyEnv, toolMode, maxOutput, contextWindow, safeZone,
                timeouts, retries, rounds, prices, maxTokensField, maxAnswerChars, thinking);
    }

    /** A budget of at least 1024 tokens; empty when unset or {@code "off"}. */
    private static Optional<Integer> thinkingBudget(Section s) {
        Optional<Object> raw = s.raw("thinkingBudget");
        if (raw.isPresent() && JsonValues.kind(raw.get()) == JsonValues.Kind.STRING
                && JsonValues.string(raw.get()).strip().equals(OFF)) {
            return Optional.empty();
        }
        return s.integer("thinkingBudget", Thinking.MIN_BUDGET_TOKENS, 10_000_000,
                "\"off\" or a whole number of tokens from 1024 to 10m like 16000 or \"16k\"");
    }

    /** An effort level; empty when unset or {@code "off"} (then no {@code reasoning_effort} is sent). */
    private static Optional<ReasoningEffort> reasoningEffort(Section s) {
        String form = "\"off\" or one of \"none\", \"minimal\", \"low\", \"medium\", \"high\", \"xhigh\"";
        return s.text("reasoningEffort", form, 4096).flatMap(id -> {
            if (id.equals(OFF)) {
                return Optional.empty();
            }
            Optional<ReasoningEffort> effort = ReasoningEffort.byId(id);
            if (effort.isEmpty()) {
                s.fail("reasoningEffort", form, id);
            }
            return effort;
        });
    }

    /**
     * The reasoning asked for, checked against the provider and the output limit: Anthropic counts thinking towards
     * {@code max_tokens} and refuses a budget that does not leave room below it.
     */
    private static Thinking thinking(Section s, Provider provider, Optional<Integer> budget,
                                     Optional<ReasoningEffort> effort, int maxOutput, boolean outputDefaulted) {
        Problems problems = s.problems();
        String providerKey = problems.name(s.key("provider"));
        if (budget.isPresent() && provider != Provider.ANTHROPIC) {
            problems.error(s.key("thinkingBudget"), "a thinking budget is Anthropic's extended thinking, but "
                    + providerKey + " is \"" + provider.id() + "\"; for an OpenAI-compatible reasoning model set "
                    + problems.name(s.key("reasoningEffort")) + " instead");
        }
        if (effort.isPresent() && provider != Provider.OPENAI) {
            problems.error(s.key("reasoningEffort"), "a reasoning effort is for OpenAI-compatible reasoning models,"
                    + " but " + providerKey + " is \"" + provider.id() + "\"; for Anthropic's extended thinking set "
                    + problems.name(s.key("thinkingBudget")) + " instead");
        }
        if (budget.isPresent() && provider == Provider.ANTHROPIC && budget.get() >= maxOutput) {
            problems.error(s.key("thinkingBudget"), budget.get() + " tokens must be below "
                    + problems.name(s.key("maxOutputTokens")) + " (" + maxOutput + (outputDefaulted ? ", its default"
                    : "") + "), since thinking counts towards the output limit; raise the output limit or lower the"
                    + " budget");
        }
        if (problems.hasErrors()) {
            return Thinking.OFF;
        }
        if (budget.isPresent()) {
            return new Thinking.Budget(budget.get());
        }
        return effort.<Thinking>map(Thinking.Effort::new).orElse(Thinking.OFF);
    }

    private static Optional<URI> baseUrl(Section s) {
        return s.text("baseUrl", "an absolute http or https URL like \"https://api.openai.com/v1\"", 4096)
                .flatMap(text -> {
                    StringBuilder reason = new StringBuilder();
                    URI uri = SettingsFormats.baseUrl(text, reason);
                    if (uri == null) {
                        s.problems().error(s.key("baseUrl"), "expected an absolute http or https URL like"
                                + " \"https://api.openai.com/v1\", got " + Quoting.quote(text) + ": " + reason);
                    }
                    return Optional.ofNullable(uri);
                });
    }

    private static Optional<String> apiKeyEnv(Section s) {
        String form = "the name of an environment variable like \"OPENAI_API_KEY\" (letters, digits, '_')";
        return s.text("apiKeyEnv", form, 4096).flatMap(name -> {
            if (!SettingsFormats.isEnvName(name)) {
                return s.fail("apiKeyEnv", form, name);
            }
            return Optional.of(name);
        });
    }

    private static Optional<SafeZone> safeZone(Section s) {
        String form = "a token count like \"80k\" or a fraction like \"0.8\"";
        Optional<Object> raw = s.raw("safeZone");
        if (raw.isEmpty()) {
            return Optional.empty();
        }
        Optional<SafeZone> zone = switch (JsonValues.kind(raw.get())) {
            case NUMBER -> Optional.ofNullable(JsonValues.number(raw.get())).flatMap(SettingsFormats::safeZone);
            case STRING -> s.parsed("safeZone", form, SettingsFormats::safeZone);
            default -> Optional.empty();
        };
        if (zone.isEmpty() && JsonValues.kind(raw.get()) != JsonValues.Kind.STRING) {
            s.fail("safeZone", form, raw.get());
        }
        return zone;
    }

    private static Timeouts timeouts(Section s) {
        Timeouts d = Timeouts.DEFAULTS;
        String form = "a duration from 1ms to 1h like \"10s\", \"500ms\" or \"2m\"";
        Duration connect = s.duration("connect", MS, HOUR, form).orElse(d.connect());
        Duration firstByte = s.duration("firstByte", MS, HOUR, form).orElse(d.firstByte());
        Duration idle = s.duration("idleBetweenChunks", MS, HOUR, form).orElse(d.idleBetweenChunks());
        Duration noProgress = s.duration("noProgress", MS, HOUR, form).orElse(d.noProgress());
        Duration wholeAnswer = s.duration("wholeAnswer", MS, DAY, "a duration from 1ms to 24h like \"20m\" or \"1h\"")
                .orElse(d.wholeAnswer());
        s.finish();
        return new Timeouts(connect, firstByte, idle, noProgress, wholeAnswer);
    }

    private static RetryPolicy retries(Section s) {
        RetryPolicy d = RetryPolicy.DEFAULTS;
        int attempts = s.integer("maxAttempts", 1, 20, "a whole number of attempts from 1 to 20 (1: no retry)")
                .orElse(d.maxAttempts());
        String form = "a duration from 0ms to 1h like \"1s\" or \"500ms\"";
        Duration base = s.duration("baseDelay", Duration.ZERO, HOUR, form).orElse(d.baseDelay());
        Duration max = s.duration("maxDelay", Duration.ZERO, HOUR, form).orElse(d.maxDelay());
        s.finish();
        if (max.compareTo(base) < 0) {
            s.problems().error(s.key("maxDelay"), "must not be shorter than " + s.problems().name(s.key("baseDelay"))
                    + " (" + max + " < " + base + ")");
            return d;
        }
        return new RetryPolicy(attempts, base, max);
    }

    private static PriceTable prices(Section s) {
        Map<String, ModelPrice> table = new LinkedHashMap<>();
        Map<String, Object> models = s.rawFields();
        if (models.size() > MAX_PRICED_MODELS) {
            s.problems().error(s.path(), "at most " + MAX_PRICED_MODELS + " models, got " + models.size());
            return PriceTable.EMPTY;
        }
        String form = "a price in currency units per million tokens, from 0 to 1000000, like 2.5";
        for (String model : models.keySet()) {
            if (model.isBlank() || model.length() > 200 || Quoting.looksLikeSecret(model)) {
                s.problems().error(s.key("<model>"), "model names in the price table must be 1 to 200 characters and"
                        + " not look like an API key, got " + Quoting.quote(model));
                continue;
            }
            Section price = s.section(model);
            Optional<BigDecimal> in = price.amount("input", MAX_PRICE, form);
            Optional<BigDecimal> out = price.amount("output", MAX_PRICE, form);
            Optional<BigDecimal> cached = price.amount("cachedInput", MAX_PRICE, form);
            price.finish();
            for (String needed : new String[] {"input", "output"}) {
                if (price.isAbsent(needed)) {
                    s.problems().error(price.key(needed), "a priced model needs both input and output prices");
                }
            }
            if (in.isEmpty() || out.isEmpty()) {
                continue;
            }
            table.put(model, new ModelPrice(in.get(), out.get(), cached.orElse(in.get())));
        }
        return new PriceTable(table);
    }

    private static McpSettings mcp(Section s) {
        Duration timeout = s.duration("timeout", MS, HOUR, "a duration from 1ms to 1h like \"60s\" or \"2m\"")
                .orElse(McpSettings.DEFAULT_TIMEOUT);
        Optional<Object> servers = s.raw("servers");
        Optional<JsonNode> serversNode = Optional.empty();
        if (servers.isPresent()) {
            if (JsonValues.kind(servers.get()) != JsonValues.Kind.OBJECT) {
                s.fail("servers", "an object of MCP servers by name, as in .mcp.json's \"mcpServers\"",
                        servers.get());
            } else {
                // Each entry is checked by the MCP client, which names the server and key of a bad one.
                serversNode = Optional.of(servers.get() instanceof JsonNode node ? node
                        : new ObjectMapper().valueToTree(servers.get()));
            }
        }
        s.finish();
        return new McpSettings(timeout, serversNode);
    }

    private static AgentSettings agent(Section s) {
        int iterations = s.integer("maxIterations", 1, 1000, "a whole number from 1 to 1000")
                .orElse(AgentSettings.DEFAULTS.maxIterations());
        Optional<BigDecimal> maxCost = s.amount("maxCost", MAX_PRICE,
                "a positive amount in the price table's currency units, like 0.5");
        if (maxCost.isPresent() && maxCost.get().signum() == 0) {
            s.problems().error(s.key("maxCost"), "a positive amount in the price table's currency units, like 0.5,"
                    + " got 0");
            maxCost = Optional.empty();
        }
        Optional<Integer> maxTokens = s.integer("maxTokens", 1, 1_000_000_000, TOKENS + " between 1 and 1000m");
        int mistakes = s.integer("maxConsecutiveMistakes", 1, 100, "a whole number from 1 to 100")
                .orElse(AgentSettings.DEFAULT_MAX_CONSECUTIVE_MISTAKES);
        s.finish();
        return new AgentSettings(iterations, maxCost,
                maxTokens.map(t -> java.util.OptionalLong.of(t)).orElse(java.util.OptionalLong.empty()), mistakes);
    }

    private static EditorSettings editor(Section s) {
        EditorSettings.DoneInstruction done = s.parsed("doneInstruction", "\"mark\" or \"remove\"",
                EditorSettings.DoneInstruction::byId).orElse(EditorSettings.DEFAULTS.doneInstruction());
        s.finish();
        return new EditorSettings(done);
    }
}
