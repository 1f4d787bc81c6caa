package dev.agentls.lsp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.gson.Gson;
import com.google.gson.JsonElement;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.ConfigurationItem;
import org.eclipse.lsp4j.ConfigurationParams;
import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * Keeps a session's {@link SessionSettings} in step with the editor: initializationOptions at {@code initialize};
 * the {@code agentls} section of {@code workspace/configuration} after {@code initialized} and again on each
 * {@code workspace/didChangeConfiguration} (only for clients that declare {@code workspace.configuration}; others
 * can push the section in the notification's {@code settings}, as {@code {"agentls": {...}}}). Refused settings are
 * shown with {@code window/showMessage} (Error, every problem at once, naming key and accepted form); unknown keys
 * with a Warning. Never blocks the thread that reads messages: the pull's answer is handled when it comes.
 */
final class ConfigurationSync {

    static final String SECTION = "agentls";

    private final SessionSettings settings;
    private final ServerLog log;
    /** Made at the first settings the editor sends (see {@link #mapper}); none reach most initialize requests. */
    private ObjectMapper json;
    private final Gson gson = new Gson();
    private volatile LanguageClient client;
    private volatile boolean canPull;
    /** The warnings last shown, so an unchanged unknown key is not shown again at every change. */
    private List<String> shownWarnings = List.of();

    ConfigurationSync(SessionSettings settings, ServerLog log) {
        this.settings = settings;
        this.log = log;
    }

    void initialize(LanguageClient client, InitializeParams params) {
        this.client = client;
        this.canPull = declaresConfiguration(params.getCapabilities());
        Object options = params.getInitializationOptions();
        if (options != null) {
            convert(options, "initializationOptions").ifPresent(node ->
                    report("initializationOptions", settings.takeInitializationOptions(node)));
        }
    }

    void initialized() {
        if (canPull) {
            pull("workspace/configuration");
        }
    }

    void didChangeConfiguration(DidChangeConfigurationParams params) {
        Object pushed = params == null ? null : params.getSettings();
        JsonNode node = pushed == null ? null : convert(pushed, "workspace/didChangeConfiguration").orElse(null);
        if (node != null && node.isObject() && node.has(SECTION)) {
            report("workspace/didChangeConfiguration", settings.takeConfiguration(node.get(SECTION)));
        } else if (canPull) {
            pull("workspace/configuration after workspace/didChangeConfiguration");
        }
    }

    private void pull(String source) {
        LanguageClient current = client;
        if (current == null) {
            return;
        }
        ConfigurationItem item = new ConfigurationItem();
        item.setSection(SECTION);
        current.configuration(new ConfigurationParams(List.of(item))).whenComplete((answer, error) -> {
            if (error != null) {
                log.warn("the editor did not answer workspace/configuration: " + error.getMessage());
            } else if (answer != null && !answer.isEmpty() && answer.get(0) != null) {
                convert(answer.get(0), source).ifPresent(node -> report(source, settings.takeConfiguration(node)));
            } else {
                // The editor has no agentls section (any more): only the flags and initializationOptions remain.
                report(source, settings.takeConfiguration(null));
            }
        });
    }

    /** The value as Jackson's tree; refused (and said so) when it nests deeper than settings ever do. */
    private java.util.Optional<JsonNode> convert(Object value, String source) {
        JsonElement tree = value instanceof JsonElement element ? element : gson.toJsonTree(value);
        if (depth(tree) > SessionSettings.MAX_DEPTH) {
            show(MessageType.Error, "AgentLS settings from " + source + " were refused: they nest deeper than "
                    + SessionSettings.MAX_DEPTH + " levels; the settings in force did not change");
            return java.util.Optional.empty();
        }
        try {
            return java.util.Optional.of(mapper().readTree(tree.toString()));
        } catch (java.io.IOException e) {
            show(MessageType.Error, "AgentLS settings from " + source + " were refused: they are not readable JSON");
            return java.util.Optional.empty();
        }
    }

    /** Jackson's mapper, made at first use: its set-up is kept off the path to the initialize answer. */
    private synchronized ObjectMapper mapper() {
        if (json == null) {
            json = new ObjectMapper();
        }
        return json;
    }

    /** Nesting depth, counted without recursion so hostile nesting costs no stack. */
    private static int depth(JsonElement root) {
        Deque<Map.Entry<JsonElement, Integer>> stack = new ArrayDeque<>();
        stack.push(Map.entry(root, 1));
        int max = 0;
        while (!stack.isEmpty()) {
            Map.Entry<JsonElement, Integer> top = stack.pop();
            int level = top.getValue();
            max = Math.max(max, level);
            if (level > SessionSettings.MAX_DEPTH) {
                return level;
            }
            if (top.getKey().isJsonObject()) {
                top.getKey().getAsJsonObject().entrySet().forEach(e -> stack.push(Map.entry(e.getValue(), level + 1)));
            } else if (top.getKey().isJsonArray()) {
                top.getKey().getAsJsonArray().forEach(e -> stack.push(Map.entry(e, level + 1)));
            }
        }
        return max;
    }

    private synchronized void report(String source, SessionSettings.Outcome outcome) {
        if (outcome.refused()) {
            show(MessageType.Error, "AgentLS settings from " + source + " were refused, the settings in force did"
                    + " not change (" + count(outcome.errors().size(), "problem") + "):\n"
                    + String.join("\n", outcome.errors()));
        }
        if (!outcome.warnings().isEmpty() && !outcome.warnings().equals(shownWarnings)) {
            shownWarnings = outcome.warnings();
            show(MessageType.Warning, "AgentLS settings from " + source + ": "
                    + count(outcome.warnings().size(), "setting") + " ignored:\n" + String.join("\n", outcome.warnings()));
        }
        if (!outcome.refused()) {
            log.info("settings from " + source + " are in force");
        }
    }

    private static String count(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    /** Shown to the user and logged; the connection's ShownTextGuard keeps percent signs out of what is shown. */
    private void show(MessageType type, String message) {
        String text = message;
        LanguageClient current = client;
        if (current != null) {
            current.showMessage(new MessageParams(type, text));
        }
        if (type == MessageType.Error) {
            log.error(text);
        } else {
            log.warn(text);
        }
    }

    private static boolean declaresConfiguration(ClientCapabilities capabilities) {
        return capabilities != null && capabilities.getWorkspace() != null
                && Boolean.TRUE.equals(capabilities.getWorkspace().getConfiguration());
    }
}
