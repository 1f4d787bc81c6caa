package dev.agentls.cli;

import dev.agentls.agent.RunMode;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.config.EnvironmentSettings;
import dev.agentls.config.ParsedSettings;
import dev.agentls.config.SettingsFlags;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The options of {@code agentls run} (and {@code chat}), parsed whole: the run's own flags, the prompt (words, {@code
 * -p TEXT}, or {@code -p -} for standard input), and every model and agent setting, from the sources
 * {@link SettingsSources} stacks with the flags on top. Anything malformed is a {@link UsageException} naming the flag
 * and the accepted form; a settings file that cannot be used, a {@link SettingsFileException} naming the file.
 *
 * @param prompt          the prompt; empty for {@code chat} without one, {@code "-"} with {@code promptFromStdin}
 * @param continueNewest  {@code -c}: continue the workspace's newest conversation
 */
record RunOptions(Path workspace, String prompt, boolean promptFromStdin, RunMode mode,
                  Optional<String> conversationId, boolean continueNewest, boolean json, Approvals approvals,
                  AgentLsSettings settings, List<String> warnings) {

    static final String USAGE = "usage: agentls run [options] [PROMPT | -p TEXT | -p -]";

    /** {@code agentls run --help}: every option with its values and default, then every settings flag. */
    static CommandHelp help(String verb, String about) {
        List<CommandHelp.Option> options = new ArrayList<>(List.of(
                new CommandHelp.Option("-p, --prompt", "TEXT|-", "the words after the options",
                        "the request; - reads it from standard input (at most " + PromptInput.MAX_BYTES / 1024
                                + " KiB)"),
                new CommandHelp.Option("-w, --workspace", "DIR", "the git root of the current folder, else the"
                        + " current folder", "the folder the agent works in"),
                new CommandHelp.Option("-m, --mode", "direct|plan|ask", "direct",
                        "direct edits; plan proposes a plan to approve first; ask answers without editing"),
                new CommandHelp.Option("-c, --continue", "", "a new conversation",
                        "continue the workspace's newest conversation"),
                new CommandHelp.Option("--conversation", "ID", "a new conversation",
                        "continue this conversation (ids: agentls conversations list)"),
                new CommandHelp.Option("--approve", "ask|deny|all", "ask", "how commands and plans are approved:"
                        + " ask on the terminal, deny all, or approve all (MCP servers are still asked about)"),
                new CommandHelp.Option("--json", "", "off", "print one JSON event per line instead of the live"
                        + " view"),
                new CommandHelp.Option("--settings", "FILE", "none", "a settings section (as an editor sends it)"
                        + " laid over the user's and the project's settings files")));
        options.addAll(settingsFlagHelp());
        StringBuilder variables = new StringBuilder();
        EnvironmentSettings.known().forEach((name, key) -> variables.append("\n  ").append(name).append("  ")
                .append(key));
        return new CommandHelp(USAGE.replace("agentls run", "agentls " + verb), about
                + "\n\nSettings, each source over the one before: defaults < $XDG_CONFIG_HOME/agentls/settings.json"
                + " (~/.config) < .agentls/settings.json in the workspace < --settings FILE < environment variables"
                + " < flags."
                + "\nEnvironment variables:" + variables, options);
    }

    /** Every settings flag with the key it sets and its default, for the help of the commands that take them. */
    static List<CommandHelp.Option> settingsFlagHelp() {
        Map<String, String> defaults = Map.of("--provider", "openai", "--base-url",
                "the provider's (https://api.openai.com/v1, https://api.anthropic.com)", "--model",
                "gpt-4o (openai), claude-sonnet-4-5 (anthropic)", "--api-key-env",
                "OPENAI_API_KEY or ANTHROPIC_API_KEY", "--tool-mode", "native", "--max-iterations", "25",
                "--max-cost", "none", "--context-window", "128000", "--max-output-tokens", "8192",
                "--max-mistakes", "3");
        Map<String, String> values = Map.of("--provider", "openai|anthropic", "--tool-mode", "native|xml",
                "--reasoning-effort", "low|medium|high", "--max-cost", "AMOUNT", "--base-url", "URL");
        List<CommandHelp.Option> options = new ArrayList<>();
        SettingsFlags.known().forEach((flag, key) -> options.add(new CommandHelp.Option(flag,
                values.getOrDefault(flag, "VALUE"), defaults.getOrDefault(flag, ""), "sets agentls." + key)));
        return options;
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

    /** As {@link #parse(String[], RunContext, boolean)} for {@code run}, with no environment or user settings. */
    static RunOptions parse(String[] args) throws UsageException {
        return parse(args, RunContext.isolated(), true);
    }

    /**
     * @param promptRequired false for {@code chat}, which reads its prompts from the terminal
     * @throws UsageException a malformed argument or flag (exit 2); a {@link SettingsFileException} when a settings
     *                        file cannot be read, or the settings do not parse (the run refuses to start: exit 1)
     */
    static RunOptions parse(String[] args, RunContext context, boolean promptRequired) throws UsageException {
        List<String> settingsArgs = new ArrayList<>();
        Path settingsFile = null;
        Path workspace = null;
        String prompt = null;
        List<String> words = new ArrayList<>();
        RunMode mode = RunMode.DIRECT;
        Optional<String> conversation = Optional.empty();
        boolean continueNewest = false;
        boolean json = false;
        Approvals approvals = Approvals.ASK;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String flag = arg.startsWith("--") && arg.indexOf('=') > 0 ? arg.substring(0, arg.indexOf('=')) : arg;
            if (SettingsFlags.known().containsKey(flag) || flag.equals("--api-key") || flag.equals("--key")) {
                settingsArgs.add(arg);
                if (flag.equals(arg) && i + 1 < args.length) {
                    settingsArgs.add(args[++i]);
                }
                continue;
            }
            switch (arg) {
                case "-w", "--workspace" -> workspace = context.cwd().resolve(value(args, ++i, arg + " needs a folder"));
                case "-p", "--prompt" -> {
                    if (prompt != null) {
                        throw new UsageException(arg + " is given twice; one prompt per run");
                    }
                    prompt = value(args, ++i, arg + " needs a text, or - to read it from standard input");
                }
                case "-m", "--mode" -> {
                    String id = value(args, ++i, "--mode needs direct, plan or ask");
                    mode = RunMode.byId(id).orElseThrow(() -> new UsageException(
                            "--mode must be direct, plan or ask, got '" + ShownArgument.of(id) + "'"));
                }
                case "--conversation" -> conversation = Optional.of(value(args, ++i, "--conversation needs an id"));
                case "-c", "--continue" -> continueNewest = true;
                case "--json" -> json = true;
                case "--settings" -> {
                    if (settingsFile != null) {
                        throw new UsageException("--settings is given twice; one file holds the settings section");
                    }
                    settingsFile = context.cwd().resolve(value(args, ++i, "--settings needs a file"));
                }
                case "--approve" -> {
                    String id = value(args, ++i, "--approve needs ask, deny or all");
                    approvals = Approvals.byId(id).orElseThrow(() -> new UsageException(
                            "--approve must be ask, deny or all, got '" + ShownArgument.of(id) + "'"));
                }
                case "--" -> {
                    words.addAll(Arrays.asList(args).subList(i + 1, args.length));
                    i = args.length;
                }
                default -> {
                    if (arg.startsWith("-") && arg.length() > 1) {
                        throw UsageException.unknownOption(arg, USAGE + "; a prompt starting with - goes after --");
                    }
                    words.add(arg);
                }
            }
        }
        if (conversation.isPresent() && continueNewest) {
            throw new UsageException("--continue and --conversation both name the conversation; give one");
        }
        if (prompt != null && !words.isEmpty()) {
            throw new UsageException("the prompt is given twice: by -p and as words ('"
                    + ShownArgument.of(words.get(0)) + "' ...); give one");
        }
        if (prompt == null && !words.isEmpty()) {
            prompt = String.join(" ", words);
        }
        boolean fromStdin = "-".equals(prompt);
        if (promptRequired && (prompt == null || prompt.isBlank())) {
            throw new UsageException("a prompt is required: agentls run \"fix the failing test\", -p TEXT, or -p -"
                    + " to read it from standard input (" + USAGE + ")");
        }
        Path root = workspace == null ? WorkspaceRoot.of(context.cwd()) : workspace;
        if (!Files.isDirectory(root)) {
            throw new UsageException("--workspace " + root + " is not a folder");
        }
        root = root.toAbsolutePath().normalize();
        ParsedSettings parsed = SettingsSources.read(context, root, settingsFile, settingsArgs);
        return new RunOptions(root, prompt == null ? "" : prompt, fromStdin, mode, conversation, continueNewest,
                json, approvals, parsed.settings(), parsed.warnings());
    }

    /** These options with the prompt replaced (read from standard input, or the next line of a chat). */
    RunOptions withPrompt(String text) {
        return new RunOptions(workspace, text, false, mode, conversationId, continueNewest, json, approvals,
                settings, warnings);
    }

    private static String value(String[] args, int i, String missing) throws UsageException {
        if (i >= args.length) {
            throw new UsageException(missing);
        }
        return args[i];
    }
}
