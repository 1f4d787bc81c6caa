package dev.agentls.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.JsonStreamParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What Helix 25.07.1 makes of a keybinding's {@code :lsp-workspace-command} line, read from its source
 * ({@code helix-core/src/command_line.rs}, {@code helix-view/src/expansion.rs}, {@code helix-term/src/commands/typed.rs}):
 * the first argument (the command id) by the normal rules, the rest of the line taken whole, its expansions expanded
 * ({@code %%} is a percent, {@code %{variable}}, {@code %sh{...}} with balanced braces, its content expanded first,
 * run by {@code sh -c}, one trailing newline trimmed), then read as a stream of JSON values, one argument each.
 * Only what the set-up uses is known; anything else is refused, as Helix refuses an unknown expansion.
 */
record HelixCommandLine(String commandId, List<JsonElement> arguments) {

    /** The editor's state the expansions read: variables by name, and the working directory of {@code %sh}. */
    record Editor(Map<String, String> variables, Path workingDirectory) {}

    static HelixCommandLine parse(String typed, Editor editor) throws IOException, InterruptedException {
        if (!typed.startsWith(":lsp-workspace-command ")) {
            throw new IllegalArgumentException("not an :lsp-workspace-command line: " + typed);
        }
        String rest = typed.substring(":lsp-workspace-command ".length()).stripLeading();
        int space = rest.indexOf(' ');
        String id = space < 0 ? rest : rest.substring(0, space);
        String raw = space < 0 ? "" : rest.substring(space + 1).stripLeading();
        String expanded = expand(raw, editor);
        List<JsonElement> arguments = new ArrayList<>();
        try {
            new JsonStreamParser(expanded).forEachRemaining(arguments::add);
        } catch (JsonParseException e) {
            throw new IllegalArgumentException("failed to parse arguments: " + expanded, e);
        }
        return new HelixCommandLine(id, arguments);
    }

    static String expand(String content, Editor editor) throws IOException, InterruptedException {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < content.length()) {
            char c = content.charAt(i);
            if (c != '%') {
                out.append(c);
                i++;
                continue;
            }
            if (i + 1 < content.length() && content.charAt(i + 1) == '%') {
                out.append('%');
                i += 2;
                continue;
            }
            int kindEnd = i + 1;
            while (kindEnd < content.length() && Character.isLowerCase(content.charAt(kindEnd))) {
                kindEnd++;
            }
            String kind = content.substring(i + 1, kindEnd);
            if (kindEnd >= content.length() || content.charAt(kindEnd) != '{') {
                throw new IllegalArgumentException("only %{...} and %sh{...} are known here, at: " + content.substring(i));
            }
            int depth = 0;
            int close = kindEnd;
            for (; close < content.length(); close++) {
                if (content.charAt(close) == '{') {
                    depth++;
                } else if (content.charAt(close) == '}' && --depth == 0) {
                    break;
                }
            }
            if (close >= content.length()) {
                throw new IllegalArgumentException("unterminated expansion: " + content.substring(i));
            }
            String inner = content.substring(kindEnd + 1, close);
            switch (kind) {
                case "" -> {
                    String value = editor.variables().get(inner);
                    if (value == null) {
                        throw new IllegalArgumentException("unknown variable '" + inner + "'");
                    }
                    out.append(value);
                }
                case "sh" -> out.append(shell(expand(inner, editor), editor.workingDirectory()));
                default -> throw new IllegalArgumentException("unknown expansion kind '" + kind + "'");
            }
            i = close + 1;
        }
        return out.toString();
    }

    private static String shell(String command, Path directory) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("sh", "-c", command).directory(directory.toFile())
                .redirectInput(ProcessBuilder.Redirect.PIPE).start();
        process.getOutputStream().close();
        String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("the shell expansion did not end: " + command);
        }
        return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    }
}
