package dev.agentls.cli;

import dev.agentls.agent.RunMode;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.config.ParsedSettings;
import dev.agentls.config.SettingsException;
import dev.agentls.config.SettingsFlags;
import dev.agentls.config.SettingsParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The options of {@code agentls run}, parsed whole: the run's own flags, and every model and agent setting as the
 * flags of {@link SettingsFlags} (the same parser as the editor's settings, so the rules are one), laid key by key over
 * the settings section of {@code --settings FILE} when one is given (a flag wins: one shared file, one key changed on
 * the command line). Anything malformed is a {@link UsageException} naming the flag and the accepted form; a settings
 * file that cannot be used, a {@link SettingsFileException} naming the file and each bad key.
 */
record RunOptions(Path workspace, String prompt, RunMode mode, Optional<String> conversationId, boolean json,
                  Approvals approvals, AgentLsSettings settings, List<String> warnings) {

    static final String USAGE = "usage: agentls run --workspace DIR --prompt TEXT [--mode direct|plan|ask]"
            + " [--conversation ID] [--json] [--approve ask|deny|all] [--settings FILE] [model flags: --provider,"
            + " --base-url, --model, --api-key-env, ...; see the README]; --settings FILE holds the agentls settings"
            + " section as an editor sends it (every key applies, agentls.mcp.servers too); a flag wins over the"
            + " file's value of its key";

    /** {@code agentls run --help}: the usage, then every settings flag with the key it sets. */
    static String help() {
        StringBuilder text = new StringBuilder(USAGE.replace("; --settings FILE", ".\n--settings FILE"))
                .append(".\nmodel and agent flags (the key each sets, below agentls; a flag wins over --settings):");
        SettingsFlags.known().forEach((flag, key) -> text.append("\n  ").append(flag).append("  ").append(key));
        return text.toString();
    }

    /** What to do when the run asks for an approval (a command, a plan). */
    enum Approvals {
        /** Ask on the terminal (stdin); no answer declines. */
        ASK,
        /** Decline every approval and dismiss every question without asking: for CI. */
        DENY,
        /** Approve every command and plan; questions are still asked. */
        ALL;

        static Optional<Approvals> byId(String id) {
            return Arrays.stream(values()).filter(a -> a.name().toLowerCase(Locale.ROOT).equals(id)).findFirst();
        }
    }

    /**
     * @throws UsageException a malformed argument or flag (exit 2); a {@link SettingsFileException} when the
     *                        {@code --settings} file cannot be read, or its keys, with the flags laid over them, do
     *                        not parse (the run refuses to start: exit 1)
     */
    static RunOptions parse(String[] args) throws UsageException {
        SettingsFlags.Result flags;
        try {
            flags = new SettingsFlags(new SettingsParser()).parse(List.of(args));
        } catch (SettingsException e) {
            throw new UsageException(String.join("; ", e.errors()));
        }
        Path settingsFile = null;
        Path workspace = null;
        String prompt = null;
        RunMode mode = RunMode.DIRECT;
        Optional<String> conversation = Optional.empty();
        boolean json = false;
        Approvals approvals = Approvals.ASK;
        List<String> rest = flags.remaining();
        for (int i = 0; i < rest.size(); i++) {
            String arg = rest.get(i);
            switch (arg) {
                case "--workspace" -> workspace = Path.of(value(rest, ++i, "--workspace needs a folder"));
                case "--prompt" -> prompt = value(rest, ++i, "--prompt needs a text");
                case "--mode" -> {
                    String id = value(rest, ++i, "--mode needs direct, plan or ask");
                    mode = RunMode.byId(id).orElseThrow(() -> new UsageException(
                            "--mode must be direct, plan or ask, got '" + id + "'"));
                }
                case "--conversation" -> conversation = Optional.of(value(rest, ++i, "--conversation needs an id"));
                case "--json" -> json = true;
                case "--settings" -> {
                    if (settingsFile != null) {
                        throw new UsageException("--settings is given twice; one file holds the settings section");
                    }
                    settingsFile = Path.of(value(rest, ++i, "--settings needs a file"));
                }
                case "--approve" -> {
                    String id = value(rest, ++i, "--approve needs ask, deny or all");
                    approvals = Approvals.byId(id).orElseThrow(() -> new UsageException(
                            "--approve must be ask, deny or all, got '" + id + "'"));
                }
                default -> throw new UsageException("unknown option '" + arg + "' (" + USAGE + ")");
            }
        }
        if (workspace == null) {
            throw new UsageException("--workspace DIR is required (" + USAGE + ")");
        }
        if (!Files.isDirectory(workspace)) {
            throw new UsageException("--workspace " + workspace + " is not a folder");
        }
        if (prompt == null || prompt.isBlank()) {
            throw new UsageException("--prompt TEXT is required and must not be blank (" + USAGE + ")");
        }
        ParsedSettings parsed = settingsFile == null ? flags.settings()
                : underFlags(settingsFile.toAbsolutePath(), args);
        return new RunOptions(workspace.toAbsolutePath().normalize(), prompt, mode, conversation, json, approvals,
                parsed.settings(), parsed.warnings());
    }

    /**
     * The settings of {@code file} with the flags laid over them key by key (a flag wins), parsed as one section; the
     * warnings name the file. Only a run given {@code --settings} comes here: a plain run reads no JSON, and loads
     * nothing of the settings file (its classes are named only in {@link SettingsFile}'s own code).
     */
    private static ParsedSettings underFlags(Path file, String[] args) throws UsageException {
        ParsedSettings parsed = SettingsFile.read(file).underFlags(List.of(args));
        List<String> warnings = new ArrayList<>();
        parsed.warnings().forEach(w -> warnings.add("--settings " + file + ": " + w));
        return new ParsedSettings(parsed.settings(), warnings);
    }

    private static String value(List<String> args, int i, String missing) throws UsageException {
        if (i >= args.size()) {
            throw new UsageException(missing);
        }
        return args.get(i);
    }
}
