package dev.agentls.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SettingsFlagsTest {

    private final SettingsFlags flags = new SettingsFlags(new SettingsParser());

    @Test
    void readsSettingsFlagsAndHandsBackTheRest() throws SettingsException {
        SettingsFlags.Result r = flags.parse(List.of("--provider", "anthropic", "--base-url=http://127.0.0.1:9/",
                "fix the bug", "--model", "m", "--api-key-env", "K", "--tool-mode", "xml", "--safe-zone", "0.5",
                "--idle-timeout", "5s", "--max-attempts", "2", "--max-iterations", "3", "--verbose"));
        LlmSettings llm = r.settings().settings().llm();
        assertEquals(Provider.ANTHROPIC, llm.provider());
        assertEquals(URI.create("http://127.0.0.1:9"), llm.baseUrl());
        assertEquals("m", llm.model());
        assertEquals("K", llm.apiKeyEnv());
        assertEquals(ToolMode.XML, llm.toolMode());
        assertEquals(new SafeZone.Fraction(0.5), llm.safeZone());
        assertEquals(Duration.ofSeconds(5), llm.timeouts().idleBetweenChunks());
        assertEquals(2, llm.retries().maxAttempts());
        assertEquals(3, r.settings().settings().agent().maxIterations());
        assertEquals(List.of("fix the bug", "--verbose"), r.remaining());
    }

    @Test
    void handsBackTheFlagsAsASettingsSectionHoldingOnlyWhatWasGiven() throws SettingsException {
        SettingsFlags.Result r = flags.parse(List.of("--model=m", "--idle-timeout", "5s", "--max-iterations", "3"));
        assertEquals(java.util.Map.of("llm", java.util.Map.of("model", "m", "timeouts",
                java.util.Map.of("idleBetweenChunks", "5s")), "agent", java.util.Map.of("maxIterations", "3")),
                r.section());
        assertEquals(r.settings(), new SettingsParser().parse(r.section()));
    }

    @Test
    void namesTheFlagInErrorsAndCollectsThemAll() {
        SettingsException e = assertThrows(SettingsException.class,
                () -> flags.parse(List.of("--provider", "gemini", "--safe-zone", "huge", "--max-iterations", "0")));
        assertEquals(List.of("--provider: expected one of \"openai\", \"anthropic\", got \"gemini\"",
                "--safe-zone: expected a token count like \"80k\" or a fraction like \"0.8\", got \"huge\"",
                "--max-iterations: expected a whole number from 1 to 1000, got \"0\""), e.errors());
    }

    @Test
    void refusesAnApiKeyFlagWithoutRepeatingTheKey() {
        SettingsException e = assertThrows(SettingsException.class,
                () -> flags.parse(List.of("--api-key", "sk-secret-value", "--model", "m")));
        assertEquals(1, e.errors().size());
        assertTrue(e.errors().get(0).startsWith("--api-key: API keys are never passed as arguments"));
        assertTrue(e.errors().get(0).contains("--api-key-env"));
        assertFalse(e.getMessage().contains("secret-value"));
    }

    @Test
    void aFlagWithoutItsValueIsAnError() {
        SettingsException e = assertThrows(SettingsException.class, () -> flags.parse(List.of("--model")));
        assertEquals(List.of("--model: needs a value"), e.errors());
    }
}
