package dev.agentls.config;

import static dev.agentls.config.ParsedLlm.errors;
import static dev.agentls.config.ParsedLlm.llm;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The settings that bound what one model call sends and takes: the output limit's field, the answer size limit. */
class ModelLimitSettingsTest {

    private static final String CHARS_FORM =
            "expected a whole number of characters like 8000000 or \"8m\" between 1k and 1000m, got ";
    private static final String FIELD_FORM =
            "expected one of \"auto\", \"max_tokens\", \"max_completion_tokens\", got ";

    @Test
    void theMaxTokensFieldDefaultsToAutoAndReadsEachChoice() throws SettingsException {
        assertEquals(MaxTokensField.AUTO, llm("{}").maxTokensField());
        assertEquals(MaxTokensField.AUTO, llm("{\"llm\": {\"provider\": \"anthropic\"}}").maxTokensField());
        assertEquals(MaxTokensField.AUTO, llm("{\"llm\": {\"maxTokensField\": \"auto\"}}").maxTokensField());
        assertEquals(MaxTokensField.MAX_TOKENS,
                llm("{\"llm\": {\"maxTokensField\": \"max_tokens\"}}").maxTokensField());
        assertEquals(MaxTokensField.MAX_COMPLETION_TOKENS,
                llm("{\"llm\": {\"maxTokensField\": \" max_completion_tokens \"}}").maxTokensField());
        assertEquals(MaxTokensField.MAX_TOKENS, llm("{\"llm\": {\"provider\": \"anthropic\","
                + " \"maxTokensField\": \"max_tokens\"}}").maxTokensField());
    }

    @Test
    void refusesABadMaxTokensFieldNamingTheKeyAndTheChoices() {
        Map<String, String> cases = Map.of(
                "\"max_output_tokens\"", "\"max_output_tokens\"",
                "\"MAX_TOKENS\"", "\"MAX_TOKENS\"",
                "\"\"", "\"\"",
                "1", "the number 1",
                "true", "true",
                "[\"max_tokens\"]", "an array");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            assertEquals(List.of("agentls.llm.maxTokensField: " + FIELD_FORM + c.getValue()),
                    errors("{\"llm\": {\"maxTokensField\": " + c.getKey() + "}}"), c.getKey());
        }
    }

    @Test
    void refusesMaxCompletionTokensForAnthropic() {
        assertEquals(List.of("agentls.llm.maxTokensField: \"max_completion_tokens\" is for the OpenAI-compatible"
                        + " protocol; Anthropic's Messages API takes max_tokens (leave it unset or \"auto\")"),
                errors("{\"llm\": {\"provider\": \"anthropic\", \"maxTokensField\": \"max_completion_tokens\"}}"));
    }

    @Test
    void theMaxTokensFieldIsAFlagToo() throws SettingsException {
        SettingsFlags flags = new SettingsFlags(new SettingsParser());

        assertEquals(MaxTokensField.MAX_COMPLETION_TOKENS, flags.parse(List.of("--max-tokens-field",
                "max_completion_tokens")).settings().settings().llm().maxTokensField());
        SettingsException e = assertThrows(SettingsException.class,
                () -> flags.parse(List.of("--max-tokens-field=completion")));
        assertEquals(List.of("--max-tokens-field: " + FIELD_FORM + "\"completion\""), e.errors());
    }

    @Test
    void theAnswerSizeLimitDefaultsToEightMillionCharactersAndReadsCountsAndSuffixes() throws SettingsException {
        assertEquals(8_000_000, llm("{}").maxAnswerChars());
        assertEquals(LlmSettings.DEFAULT_MAX_ANSWER_CHARS, LlmSettings.defaults(Provider.ANTHROPIC).maxAnswerChars());
        assertEquals(1_000, llm("{\"llm\": {\"maxAnswerChars\": 1000}}").maxAnswerChars());
        assertEquals(2_500_000, llm("{\"llm\": {\"maxAnswerChars\": \"2.5m\"}}").maxAnswerChars());
        assertEquals(64_000, llm("{\"llm\": {\"maxAnswerChars\": \"64k\"}}").maxAnswerChars());
        assertEquals(1_000_000_000, llm("{\"llm\": {\"maxAnswerChars\": \"1000m\"}}").maxAnswerChars());
    }

    @Test
    void refusesABadAnswerSizeLimitNamingTheKeyAndTheRange() {
        Map<String, String> cases = Map.of(
                "999", "the number 999",
                "0", "the number 0",
                "-5", "the number -5",
                "\"1001m\"", "\"1001m\"",
                "\"8MiB\"", "\"8MiB\"",
                "1.5", "the number 1.5",
                "1e999999999", "a number that is not finite",
                "{}", "an object");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            assertEquals(List.of("agentls.llm.maxAnswerChars: " + CHARS_FORM + c.getValue()),
                    errors("{\"llm\": {\"maxAnswerChars\": " + c.getKey() + "}}"), c.getKey());
        }
    }

    @Test
    void theAnswerSizeLimitIsAFlagToo() throws SettingsException {
        SettingsFlags flags = new SettingsFlags(new SettingsParser());

        assertEquals(500_000, flags.parse(List.of("--max-answer-chars", "500k")).settings().settings().llm()
                .maxAnswerChars());
        SettingsException e = assertThrows(SettingsException.class,
                () -> flags.parse(List.of("--max-answer-chars=lots")));
        assertEquals(List.of("--max-answer-chars: " + CHARS_FORM + "\"lots\""), e.errors());
    }
}
