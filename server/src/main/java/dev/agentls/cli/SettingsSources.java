package dev.agentls.cli;

import dev.agentls.config.EnvironmentSettings;
import dev.agentls.config.ParsedSettings;
import dev.agentls.config.SettingsException;
import dev.agentls.config.SettingsFlags;
import dev.agentls.config.SettingsLayers;
import dev.agentls.config.SettingsParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The settings of a command-line run from every source, each laid over the one before key by key: the defaults, the
 * user's file ({@code $XDG_CONFIG_HOME/agentls/settings.json}), the project's ({@code .agentls/settings.json} in the
 * workspace), {@code --settings FILE}, the {@code AGENTLS_*} variables, and the flags last. Files are the lasting
 * choices, from the most general to the most explicit; a variable is this shell's choice and a flag this command's.
 * A project's file may not set where the key goes ({@link #PROJECT_REFUSED}): a cloned repository is not trusted
 * with the user's key, and its other keys (the approvals kept there) are not settings. The other files take the
 * forms of {@code --settings}; a file that cannot be used stops the run.
 */
final class SettingsSources {

    static final String FILE_NAME = "settings.json";
    static final Path PROJECT_FILE = Path.of(".agentls", FILE_NAME);
    static final List<String> PROJECT_REFUSED = List.of("llm.baseUrl", "llm.apiKeyEnv", "mcp");

    private SettingsSources() {}

    /**
     * @param settingsFile the file of {@code --settings}, or null
     * @throws UsageException a malformed flag (exit 2); a {@link SettingsFileException} for a file that cannot be
     *                        used, or settings that do not parse once stacked (the run refuses: exit 1)
     */
    static ParsedSettings read(RunContext context, Path workspace, Path settingsFile, List<String> args)
            throws UsageException {
        SettingsFlags flags = new SettingsFlags(new SettingsParser());
        ParsedSettings alone;
        try {
            alone = flags.parse(args).settings();
        } catch (SettingsException e) {
            throw new UsageException(String.join("; ", e.errors()));
        }
        List<Object> layers = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        Path user = context.userConfig().map(dir -> dir.resolve(FILE_NAME)).orElse(null);
        if (user != null && (Files.exists(user) || Files.isSymbolicLink(user))) {
            SettingsFile file = SettingsFile.read(user, "user settings file ");
            layers.add(file.section());
            warnings.addAll(file.warnings());
            sources.add("user settings file " + user);
        }
        Path project = workspace.resolve(PROJECT_FILE);
        java.util.Optional<SettingsFile> projectFile = Files.exists(project) || Files.isSymbolicLink(project)
                ? SettingsFile.readSectionKeys(project, "project settings file ") : java.util.Optional.empty();
        if (projectFile.isPresent()) {
            SettingsFile file = projectFile.get();
            List<String> dropped = new ArrayList<>();
            layers.add(file.sectionWithout(PROJECT_REFUSED, dropped));
            warnings.addAll(file.warnings());
            dropped.forEach(key -> warnings.add("project settings file " + project + ": " + key + " is ignored: a"
                    + " project may not choose where your key is sent; set it in your user settings file or with"
                    + " a flag"));
            sources.add("project settings file " + project);
        }
        if (settingsFile != null) {
            SettingsFile file = SettingsFile.read(settingsFile);
            layers.add(file.section());
            warnings.addAll(file.warnings());
            sources.add("--settings " + settingsFile);
        }
        Map<String, Object> environment = EnvironmentSettings.section(context.environment());
        if (!environment.isEmpty()) {
            layers.add(environment);
            sources.add("the environment (" + String.join(", ", EnvironmentSettings.names(context.environment())
                    .values()) + ")");
        }
        if (layers.isEmpty()) {
            // No file and no variable: nothing but the flags, and no JSON read at all.
            return alone;
        }
        try {
            ParsedSettings parsed = flags.parse(args, SettingsLayers.stack(layers),
                    EnvironmentSettings.names(context.environment())).settings();
            String from = sources.size() == 1 ? sources.get(0) : "settings";
            parsed.warnings().forEach(w -> warnings.add(from + ": " + w));
            return new ParsedSettings(parsed.settings(), warnings);
        } catch (SettingsException e) {
            String from = sources.size() == 1 ? sources.get(0) : "the settings of " + String.join(" under ", sources);
            throw new SettingsFileException(from + ": " + String.join("; ", e.errors()));
        }
    }
}
