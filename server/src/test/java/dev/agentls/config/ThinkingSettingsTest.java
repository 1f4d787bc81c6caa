package dev.agentls.config;

import static dev.agentls.config.ParsedLlm.errors;
import static dev.agentls.config.ParsedLlm.llm;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Reasoning on demand: Anthropic's thinking budget and the OpenAI-compatible reasoning effort, each read for its own
 * provider only, and the budget checked against the output limit it counts towards.
 */
class ThinkingSettingsTest {

    private static final String BUDGET_FORM =
            "expected \"off\" or a whole number of tokens from 1024 to 10m like 16000 or \"16k\", got ";
    private static final String EFFORT_FORM =
            "expected \"off\" or one of \"none\", \"minimal\", \"low\", \"medium\", \"high\", \"xhigh\", got ";

    private static String anthropic(String more) {
        return "{\"llm\": {\"provider\": \"anthropic\", \"maxOutputTokens\": 32000, " + more + "}}";
    }

    @Test
    void thinkingIsOffByDefaultForBothProviders() throws SettingsException {
        assertEquals(Thinking.OFF, llm("{}").thinking());
        assertEquals(Thinking.OFF, llm("{\"llm\": {\"provider\": \"anthropic\"}}").thinking());
        assertEquals(Thinking.OFF, LlmSettings.defaults(Provider.ANTHROPIC).thinking());
        assertEquals(Thinking.OFF, llm(anthropic("\"thinkingBudget\": \"off\"")).thinking());
        assertEquals(Thinking.OFF, llm("{\"llm\": {\"reasoningEffort\": \" off \"}}").thinking());
        assertEquals(Thinking.OFF, llm(anthropic("\"thinkingBudget\": null")).thinking());
    }

    @Test
    void readsAThinkingBudgetForAnthropicAsACountOrWithASuffix() throws SettingsException {
        assertEquals(new Thinking.Budget(16_000), llm(anthropic("\"thinkingBudget\": 16000")).thinking());
        assertEquals(new Thinking.Budget(16_000), llm(anthropic("\"thinkingBudget\": \"16k\"")).thinking());
        assertEquals(new Thinking.Budget(1024), llm(anthropic("\"thinkingBudget\": \"1024\"")).thinking());
        assertEquals(new Thinking.Budget(31_999), llm(anthropic("\"thinkingBudget\": 31999")).thinking());
    }

    @Test
    void readsEveryReasoningEffortForTheOpenAiProvider() throws SettingsException {
        for (ReasoningEffort effort : ReasoningEffort.values()) {
            assertEquals(new Thinking.Effort(effort),
                    llm("{\"llm\": {\"reasoningEffort\": \"" + effort.id() + "\"}}").thinking());
        }
        assertEquals(List.of("none", "minimal", "low", "medium", "high", "xhigh"),
                List.of(ReasoningEffort.values()).stream().map(ReasoningEffort::id).toList());
    }

    @Test
    void refusesABadThinkingBudgetNamingTheKeyAndTheRange() {
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("1023", "the number 1023");
        cases.put("0", "the number 0");
        cases.put("-2048", "the number -2048");
        cases.put("\"1k\"", "\"1k\"");
        cases.put("\"11m\"", "\"11m\"");
        cases.put("2048.5", "the number 2048.5");
        cases.put("1e999999999", "a number that is not finite");
        cases.put("\"on\"", "\"on\"");
        cases.put("\"OFF\"", "\"OFF\"");
        cases.put("true", "true");
        cases.put("{\"type\": \"enabled\"}", "an object");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            assertEquals(List.of("agentls.llm.thinkingBudget: " + BUDGET_FORM + c.getValue()),
                    errors(anthropic("\"thinkingBudget\": " + c.getKey())), c.getKey());
        }
    }

    @Test
    void refusesAHugeThinkingBudgetStringWithoutEchoingIt() {
        List<String> errors = errors(anthropic("\"thinkingBudget\": \"" + "9".repeat(1_000_000) + "\""));

        assertEquals(1, errors.size());
        assertTrue(errors.get(0).startsWith("agentls.llm.thinkingBudget: " + BUDGET_FORM), errors.get(0));
        assertTrue(errors.get(0).length() < 400, "the message stays short: " + errors.get(0).length());
    }

    @Test
    void refusesABadReasoningEffortNamingTheKeyAndTheChoices() {
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("\"HIGH\"", "\"HIGH\"");
        cases.put("\"extreme\"", "\"extreme\"");
        cases.put("\"\"", "\"\"");
        cases.put("3", "the number 3");
        cases.put("[\"high\"]", "an array");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            assertEquals(List.of("agentls.llm.reasoningEffort: " + EFFORT_FORM + c.getValue()),
                    errors("{\"llm\": {\"reasoningEffort\": " + c.getKey() + "}}"), c.getKey());
        }
    }

    @Test
    void refusesABudgetThatLeavesNoRoomBelowTheOutputLimitNamingBothKeys() {
        assertEquals(List.of("agentls.llm.thinkingBudget: 8192 tokens must be below agentls.llm.maxOutputTokens"
                        + " (8192), since thinking counts towards the output limit; raise the output limit or lower the"
                        + " budget"),
                errors("{\"llm\": {\"provider\": \"anthropic\", \"maxOutputTokens\": 8192,"
                        + " \"thinkingBudget\": \"8192\"}}"));
        assertEquals(List.of("agentls.llm.thinkingBudget: 16000 tokens must be below agentls.llm.maxOutputTokens"
                        + " (8192, its default), since thinking counts towards the output limit; raise the output"
                        + " limit or lower the budget"),
                errors("{\"llm\": {\"provider\": \"anthropic\", \"thinkingBudget\": \"16k\"}}"));
    }

    @Test
    void refusesEachProvidersReasoningSettingForTheOtherProviderNamingTheKeys() {
        assertEquals(List.of("agentls.llm.thinkingBudget: a thinking budget is Anthropic's extended thinking, but"
                        + " agentls.llm.provider is \"openai\"; for an OpenAI-compatible reasoning model set"
                        + " agentls.llm.reasoningEffort instead"),
                errors("{\"llm\": {\"maxOutputTokens\": 32000, \"thinkingBudget\": 4096}}"));
        assertEquals(List.of("agentls.llm.reasoningEffort: a reasoning effort is for OpenAI-compatible reasoning"
                        + " models, but agentls.llm.provider is \"anthropic\"; for Anthropic's extended thinking set"
                        + " agentls.llm.thinkingBudget instead"),
                errors(anthropic("\"reasoningEffort\": \"high\"")));
    }

    @Test
    void theReasoningSettingsAreFlagsAndTheirErrorsNameTheFlags() throws SettingsException {
        SettingsFlags flags = new SettingsFlags(new SettingsParser());

        assertEquals(new Thinking.Budget(2000), flags.parse(List.of("--provider", "anthropic", "--thinking-budget",
                "2k", "--max-output-tokens", "4096")).settings().settings().llm().thinking());
        assertEquals(new Thinking.Effort(ReasoningEffort.LOW),
                flags.parse(List.of("--reasoning-effort=low")).settings().settings().llm().thinking());
        SettingsException e = assertThrows(SettingsException.class, () -> flags.parse(List.of("--provider",
                "anthropic", "--thinking-budget", "4096", "--max-output-tokens", "4096")));
        assertEquals(List.of("--thinking-budget: 4096 tokens must be below --max-output-tokens (4096), since thinking"
                + " counts towards the output limit; raise the output limit or lower the budget"), e.errors());
    }

    @Test
    void theSettingsRecordRefusesWhatTheParserRefuses() {
        LlmSettings anthropic = LlmSettings.defaults(Provider.ANTHROPIC);
        LlmSettings openai = LlmSettings.defaults(Provider.OPENAI);

        assertEquals("the thinking budget (8192) must be below the output limit (8192)",
                assertThrows(IllegalArgumentException.class, () -> with(anthropic, new Thinking.Budget(8192)))
                        .getMessage());
        assertEquals("a thinking budget is for the anthropic provider",
                assertThrows(IllegalArgumentException.class, () -> with(openai, new Thinking.Budget(2048)))
                        .getMessage());
        assertEquals("a reasoning effort is for the openai provider", assertThrows(IllegalArgumentException.class,
                () -> with(anthropic, new Thinking.Effort(ReasoningEffort.HIGH))).getMessage());
        assertEquals("a thinking budget needs at least 1024 tokens, got 1023",
                assertThrows(IllegalArgumentException.class, () -> new Thinking.Budget(1023)).getMessage());
    }

    private static LlmSettings with(LlmSettings s, Thinking thinking) {
        return new LlmSettings(s.provider(), s.baseUrl(), s.model(), s.apiKeyEnv(), s.toolMode(), s.maxOutputTokens(),
                s.contextWindow(), s.safeZone(), s.timeouts(), s.retries(), s.continuationRounds(), s.prices(),
                s.maxTokensField(), s.maxAnswerChars(), thinking);
    }
}
