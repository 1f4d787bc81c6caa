package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.config.SettingsFlags;
import dev.agentls.config.SettingsParser;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The manual against the code: every setting the settings parser reads has its row in docs/configuration.md, every
 * setting, verb and flag the pages name exists, and every option a verb's usage lists is shown somewhere. The code is
 * asked, never copied: the parser for its keys, {@link SettingsFlags} for the flags, {@code agentls VERB --help} for
 * each verb's options. A failure says what to write where.
 */
class DocumentedCommandsAndSettingsTest {

    static final String CONFIGURATION = "docs/configuration.md";
    private static final String ROOT = "agentls.";
    /** A settings key as the pages write it, below {@code agentls} or with it. */
    private static final Pattern SETTING = Pattern.compile("(?:agentls\\.)?((?:llm|agent|mcp|editor)\\.[A-Za-z<>.]+)");
    /** An agentls command line: the launcher or the command, then its verb. */
    private static final Pattern COMMAND = Pattern.compile("(?<![\\w./*-])(?:scripts/)?agentls ([a-z][a-z-]*)");
    private static final Pattern OPTION = Pattern.compile("(?<=^|[\\s\\[(|,=])(--?[a-zA-Z][a-zA-Z0-9-]*)");
    /** Where a command line's own arguments end: a pipe, a list operator or a shell comment. */
    private static final Pattern COMMAND_END = Pattern.compile(" \\| | \\|\\| |;|&&| #");
    private static final Set<String> HELP = Set.of("--help", "-h");

    private final MarkdownPages docs = MarkdownPages.ofRepository();

    @Test
    void everySettingTheServerReadsHasARowInTheConfigurationPage() {
        Map<String, List<String>> rows = settingRows();
        List<String> missing = new ArrayList<>();
        for (String key : serverKeys()) {
            if (!rows.containsKey(key)) {
                missing.add("`" + key + "` is read by the settings parser (dev.agentls.config) but " + CONFIGURATION
                        + " has no row for it: add `| `" + key + "` | its flag, if any | its default | what it"
                        + " accepts |` to the table of its section (llm and agent keys go in \"Model and agent"
                        + " settings\", which VS Code mirrors; others in \"Editor and MCP settings\")");
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void everySettingAPageNamesIsOneTheServerReads() {
        SortedSet<String> keys = serverKeys();
        Set<String> wrong = new LinkedHashSet<>();
        for (MarkdownPages.Page page : docs.pages()) {
            for (String code : page.code()) {
                Matcher m = SETTING.matcher(code.strip());
                if (m.matches() && !keys.contains(m.group(1)) && keys.stream().noneMatch(k -> k.startsWith(m.group(1)
                        + "."))) {
                    wrong.add(page.path() + " names the setting `" + code.strip() + "`, which the settings parser"
                            + " does not read (nor any key below it): correct the name or take it out");
                }
            }
        }
        for (String key : settingRows().keySet()) {
            if (!keys.contains(key)) {
                wrong.add(CONFIGURATION + " has a row for `" + key + "`, which the settings parser does not read:"
                        + " correct the key or remove the row");
            }
        }
        assertEquals(List.of(), List.copyOf(wrong));
    }

    @Test
    void everySettingsFlagStandsBesideTheKeyItSets() {
        Map<String, List<String>> rows = settingRows();
        List<String> wrong = new ArrayList<>();
        SettingsFlags.known().forEach((flag, key) -> {
            List<String> flags = rows.getOrDefault(key, List.of());
            if (!rows.containsKey(key)) {
                wrong.add("the flag " + flag + " sets " + key + ", which has no row in " + CONFIGURATION
                        + ": add the row, with `" + flag + "` in its flag column");
            } else if (!flags.contains(flag)) {
                wrong.add("the flag " + flag + " sets " + key + ", but " + CONFIGURATION + "'s row for `" + key
                        + "` does not show it: put `" + flag + "` in that row's flag column");
            }
        });
        rows.forEach((key, flags) -> {
            for (String flag : flags) {
                if (!key.equals(SettingsFlags.known().get(flag))) {
                    wrong.add(CONFIGURATION + "'s row for `" + key + "` shows the flag " + flag + ", which sets "
                            + (SettingsFlags.known().containsKey(flag) ? SettingsFlags.known().get(flag) : "nothing")
                            + ": correct the flag column");
                }
            }
        });
        assertEquals(List.of(), wrong);
    }

    @Test
    void everySettingTheVsCodeExtensionContributesIsDocumented() throws Exception {
        JsonNode pkg = new ObjectMapper().readTree(Files.readString(docs.root().resolve("vscode-client/package.json")));
        Iterator<String> names = pkg.path("contributes").path("configuration").path("properties").fieldNames();
        Set<String> documented = new TreeSet<>(settingRows().keySet());
        String page = docs.page(CONFIGURATION).text();
        List<String> missing = new ArrayList<>();
        int seen = 0;
        while (names.hasNext()) {
            String name = names.next();
            seen++;
            String key = name.substring(ROOT.length());
            boolean clientOnly = key.startsWith("server.") || key.startsWith("diagnostics.");
            boolean present = clientOnly ? page.contains("`" + name + "`") : documented.contains(key)
                    || documented.stream().anyMatch(k -> k.startsWith(key + "."));
            if (!present) {
                missing.add("vscode-client/package.json contributes `" + name + "`, which " + CONFIGURATION
                        + (clientOnly ? " does not name: describe it under \"VS Code\"" : " has no row for: add one"));
            }
        }
        assertTrue(seen >= 20, "package.json's settings were read: " + seen);
        assertEquals(List.of(), missing);
    }

    @Test
    void everyCommandLineInTheDocsUsesAVerbAndOptionsItsUsageLists() {
        Map<String, Set<String>> options = verbOptions();
        Set<String> wrong = new LinkedHashSet<>();
        for (MarkdownPages.Page page : docs.pages()) {
            for (String code : page.code()) {
                for (Map.Entry<String, List<String>> line : commandLines(code).entrySet()) {
                    String verb = line.getKey().split(" ", 2)[0];
                    if (!options.containsKey(verb)) {
                        wrong.add(page.path() + ": `agentls " + verb + "` is not a verb of agentls (its verbs: "
                                + String.join(", ", options.keySet()) + ")");
                        continue;
                    }
                    for (String option : line.getValue()) {
                        if (!options.get(verb).contains(option) && !HELP.contains(option)) {
                            wrong.add(page.path() + ": `" + code.strip() + "` gives " + option + ", which `agentls "
                                    + verb + " --help` does not list: correct the option or the command");
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), List.copyOf(wrong));
    }

    @Test
    void everyVerbAndEveryOptionItsUsageListsIsShownInTheDocs() {
        Map<String, Set<String>> shown = new TreeMap<>();
        for (MarkdownPages.Page page : docs.pages()) {
            for (String code : page.code()) {
                commandLines(code).forEach((verb, given) ->
                        shown.computeIfAbsent(verb.split(" ", 2)[0], v -> new TreeSet<>()).addAll(given));
            }
        }
        List<String> missing = new ArrayList<>();
        verbOptions().forEach((verb, options) -> {
            if (!shown.containsKey(verb)) {
                missing.add("no page shows `agentls " + verb + "`: document the verb (docs/cli.md lists the verbs)");
                return;
            }
            for (String option : options) {
                boolean settingsFlag = SettingsFlags.known().containsKey(option);
                if (!HELP.contains(option) && !settingsFlag && !shown.get(verb).contains(option)) {
                    missing.add("`agentls " + verb + " --help` lists " + option + ", which no page shows in an"
                            + " `agentls " + verb + " ...` command line: document it (docs/cli.md, or the page of"
                            + " that command)");
                }
            }
        });
        assertEquals(List.of(), missing);
    }

    /** Every key the settings parser reads, below {@code agentls}. */
    private static SortedSet<String> serverKeys() {
        SortedSet<String> keys = new TreeSet<>();
        for (String key : new SettingsParser().keys()) {
            keys.add(key.substring(ROOT.length()));
        }
        assertTrue(keys.contains("llm.model") && keys.size() >= 25, "the parser's keys were read: " + keys);
        return keys;
    }

    /**
     * The configuration page's table rows naming settings: key to the flags in the row's second cell. A first cell of
     * several names gives siblings of the first ({@code `llm.prices.<model>.input` / `output`}).
     */
    private Map<String, List<String>> settingRows() {
        Map<String, List<String>> rows = new TreeMap<>();
        for (List<String> cells : docs.page(CONFIGURATION).tableRows()) {
            List<String> names = backticked(cells.get(0));
            if (names.isEmpty() || !SETTING.matcher(names.get(0)).matches()) {
                continue;
            }
            String first = names.get(0).startsWith(ROOT) ? names.get(0).substring(ROOT.length()) : names.get(0);
            List<String> flags = cells.size() > 1 ? backticked(cells.get(1)) : List.of();
            rows.put(first, flags);
            String parent = first.substring(0, first.lastIndexOf('.') + 1);
            for (String sibling : names.subList(1, names.size())) {
                rows.put(parent + sibling, flags);
            }
        }
        assertTrue(rows.size() >= 20, CONFIGURATION + "'s settings tables were read: " + rows.keySet());
        return rows;
    }

    private static List<String> backticked(String cell) {
        List<String> names = new ArrayList<>();
        Matcher m = Pattern.compile("`([^`]+)`").matcher(cell);
        while (m.find()) {
            names.add(m.group(1).strip());
        }
        return names;
    }

    /**
     * The agentls command lines in one piece of code, each as "VERB #n" to the options it gives (up to the next
     * command line, pipe, list operator or comment).
     */
    private static Map<String, List<String>> commandLines(String code) {
        Map<String, List<String>> lines = new LinkedHashMap<>();
        Matcher m = COMMAND.matcher(code);
        List<int[]> starts = new ArrayList<>();
        List<String> verbs = new ArrayList<>();
        while (m.find()) {
            starts.add(new int[] {m.start(), m.end()});
            verbs.add(m.group(1));
        }
        for (int i = 0; i < starts.size(); i++) {
            int end = i + 1 < starts.size() ? starts.get(i + 1)[0] : code.length();
            String args = code.substring(starts.get(i)[1], end);
            Matcher stop = COMMAND_END.matcher(args);
            if (stop.find()) {
                args = args.substring(0, stop.start());
            }
            List<String> options = new ArrayList<>();
            Matcher o = OPTION.matcher(args);
            while (o.find()) {
                options.add(o.group(1));
            }
            lines.put(verbs.get(i) + " #" + i, options);
        }
        return lines;
    }

    /** Each verb's options, read off what {@code agentls VERB --help} prints (with the settings flags it mentions). */
    private static Map<String, Set<String>> verbOptions() {
        Map<String, Set<String>> options = new TreeMap<>();
        for (String verb : Main.VERBS) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            PrintStream printer = new PrintStream(out, true, StandardCharsets.UTF_8);
            Main.run(new String[] {verb, "--help"}, printer, printer);
            String usage = out.toString(StandardCharsets.UTF_8);
            Set<String> found = new TreeSet<>();
            Matcher o = OPTION.matcher(usage);
            while (o.find()) {
                found.add(o.group(1));
            }
            if (usage.contains("settings flags") || usage.contains("model flags")) {
                found.addAll(SettingsFlags.known().keySet());
            }
            found.removeAll(HELP);
            options.put(verb, found);
        }
        return options;
    }
}
