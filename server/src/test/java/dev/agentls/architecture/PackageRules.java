package dev.agentls.architecture;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one-way package rules of {@code docs/dev/architecture.md} (its code map says what each package owns), as data, and a checker for one source file's text. References are found
 * by scanning for qualified names ({@code dev.agentls.X.}, {@code org.eclipse.lsp4j}, {@code okhttp3.}), which
 * catches imports and fully qualified uses alike.
 */
final class PackageRules {

    private static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            // Named daemon threads, for every package that starts threads.
            Map.entry("threads", Set.of()),
            // Hiding secrets in text, for every package that shows text to a user, a log or the model.
            Map.entry("redaction", Set.of()),
            Map.entry("syntax", Set.of()),
            Map.entry("workspace", Set.of()),
            Map.entry("config", Set.of("redaction")),
            Map.entry("edit", Set.of("syntax")),
            Map.entry("outline", Set.of("syntax", "workspace")),
            Map.entry("host", Set.of("edit", "workspace")),
            Map.entry("llm", Set.of("config", "redaction")),
            Map.entry("conversation", Set.of("llm", "outline", "workspace")),
            Map.entry("tools", Set.of("edit", "workspace", "outline", "host", "redaction")),
            Map.entry("mcp", Set.of("tools", "host", "config", "threads")),
            Map.entry("agent", Set.of("tools", "llm", "conversation", "outline", "host", "config", "threads")),
            // The run core: every front door's runs, approvals, transcripts and workspace; it knows no front door.
            Map.entry("session", Set.of("agent", "tools", "llm", "conversation", "outline", "host", "config",
                    "workspace", "edit", "syntax", "mcp")),
            Map.entry("lsp", Set.of("session", "agent", "host", "config", "workspace", "edit", "lsp.review",
                    "threads", "redaction")),
            // Review of a run's changes: hunks, their anchoring and their diagnostics; the server package drives it.
            Map.entry("lsp.review", Set.of("edit", "workspace")),
            // The Agent Client Protocol front door: translates ACP into runs, as lsp does LSP; it names a call's kind
            // of tool in the protocol's words, so it reads the tools' vocabulary (kinds and names).
            Map.entry("acp", Set.of("agent", "conversation", "host", "config", "workspace", "tools")),
            Map.entry("cli", Set.of("edit", "syntax", "workspace", "outline", "host", "tools", "llm",
                    "conversation", "agent", "config", "session", "lsp", "lsp.review", "mcp", "acp", "threads",
                    "redaction")));

    /** The front doors: they translate a protocol into calls on {@code session}, and nothing under them knows them. */
    static final Set<String> FRONT_DOORS = Set.of("lsp", "lsp.review", "acp", "cli");

    /** Vendor packages and the one package of ours allowed to touch each. */
    private static final Map<String, Set<String>> VENDOR_OWNERS = Map.of(
            "org.eclipse.lsp4j", Set.of("lsp", "lsp.review"),
            "com.google.gson", Set.of("lsp", "lsp.review"),
            "okhttp3", Set.of("llm"),
            "org.treesitter", Set.of("syntax"),
            "org.jline", Set.of("cli"),
            "io.modelcontextprotocol", Set.of("mcp"),
            "reactor.core", Set.of("mcp"));

    /** A reference to one of our types: the package path up to the first capitalised name. */
    private static final Pattern OURS = Pattern.compile("\\bdev\\.agentls\\.((?:[a-z][a-z0-9]*\\.)*?[a-z][a-z0-9]*)\\.[A-Z*]");

    private PackageRules() {}

    static Set<String> packages() {
        return ALLOWED.keySet();
    }

    /** The packages {@code pkg} may depend on. */
    static Set<String> allowed(String pkg) {
        return ALLOWED.getOrDefault(pkg, Set.of());
    }

    /**
     * The rule a package path falls under: the longest one named in the table that it is or lies in
     * ({@code edit.lazy} is {@code edit}; {@code lsp.review} has its own rule), or the path itself when none.
     */
    static String ruleOf(String packagePath) {
        String path = packagePath;
        while (!ALLOWED.containsKey(path) && path.contains(".")) {
            path = path.substring(0, path.lastIndexOf('.'));
        }
        return ALLOWED.containsKey(path) ? path : packagePath;
    }

    /** Every rule the given source of package {@code pkg} breaks, one message each; empty when it keeps them. */
    static List<String> violations(String pkg, String fileName, String source) {
        List<String> found = new ArrayList<>();
        Set<String> allowed = ALLOWED.get(pkg);
        if (allowed == null) {
            found.add(fileName + ": package dev.agentls." + pkg + " is not in docs/dev/architecture.md's table");
            return found;
        }
        String code = stripComments(source);
        Matcher m = OURS.matcher(code);
        while (m.find()) {
            String target = ruleOf(m.group(1));
            if (!target.equals(pkg) && !allowed.contains(target)) {
                found.add(fileName + ": " + pkg + " must not depend on " + target);
            }
        }
        for (Map.Entry<String, Set<String>> vendor : VENDOR_OWNERS.entrySet()) {
            if (Pattern.compile("\\b" + Pattern.quote(vendor.getKey()) + "\\.").matcher(code).find()
                    && !vendor.getValue().contains(pkg)) {
                found.add(fileName + ": only " + new java.util.TreeSet<>(vendor.getValue()) + " may use " + vendor.getKey() + ", not " + pkg);
            }
        }
        return found.stream().distinct().toList();
    }

    private static String stripComments(String source) {
        return source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", " ");
    }
}
