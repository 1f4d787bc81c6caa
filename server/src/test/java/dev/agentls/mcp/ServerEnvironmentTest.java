package dev.agentls.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerEnvironmentTest {

    @Test
    void aServerInheritsNeitherTheModelsKeyNorACopyOfItNorVariablesNamedLikeSecrets() {
        String key = "sk-test-0123456789abcdef";
        Map<String, String> inherited = ServerTransports.inheritedEnvironment(Map.of(
                "PATH", "/usr/bin:/bin",
                "HOME", "/home/user",
                "OPENAI_API_KEY", key,
                "ANTHROPIC_API_KEY", "sk-ant-0123456789",
                "INNOCENT_NAME", key,
                "GITHUB_TOKEN", "ghp_0123456789",
                "LANG", "C.UTF-8"));
        assertEquals(Map.of("PATH", "/usr/bin:/bin", "HOME", "/home/user", "LANG", "C.UTF-8"), inherited);
        assertFalse(inherited.containsValue(key), "no copy of the key under another name");
    }

    @Test
    void aServerInheritsAnEmptyEnvironmentWhenThereIsNone() {
        assertEquals(Map.of(), ServerTransports.inheritedEnvironment(Map.of()));
    }
}
