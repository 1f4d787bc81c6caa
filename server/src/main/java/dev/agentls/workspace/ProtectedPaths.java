package dev.agentls.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The files the agent's file tools may not change freely, because another program runs what they say. Git's own
 * folder ({@code .git}, at any depth, and a {@code .git} file) is never written or deleted by the file tools: git
 * changes it itself, through commands the user approves. Files that make tools run code need the user's approval:
 * {@code .gitattributes} (filters and diff drivers), {@code .gitmodules}, {@code .envrc} (direnv), the editor's
 * {@code .vscode/tasks.json}, {@code .vscode/settings.json} and {@code .vscode/launch.json}, {@code .mcp.json}
 * (MCP servers are programs), {@code .devcontainer/}, {@code .pre-commit-config.yaml}, CI pipelines
 * ({@code .github/workflows/}, {@code .gitlab-ci.yml}, {@code .circleci/}, {@code .buildkite/},
 * {@code azure-pipelines.yml}, {@code .travis.yml}, {@code Jenkinsfile}) and git hooks wherever {@code core.hooksPath}
 * of the root's repository points. Reading them stays free.
 */
public final class ProtectedPaths {

    /** What a file tool may do with a protected file. */
    public sealed interface Protection {
        /** Never, approved or not; {@code reason} is a whole sentence naming the file. */
        record Refused(String reason) implements Protection {}

        /** Only once the user approves; {@code reason} says what would run the file. */
        record NeedsApproval(String reason) implements Protection {}
    }

    private record Rule(Pattern path, String why) {}

    private static final List<Rule> RUN_CODE = List.of(
            new Rule(Pattern.compile("(.*/)?\\.gitattributes"), "its filters and diff drivers make git run programs"),
            new Rule(Pattern.compile("(.*/)?\\.gitmodules"), "it tells git which repositories to fetch and run"),
            new Rule(Pattern.compile("(.*/)?\\.envrc"), "direnv runs it when a shell enters the folder"),
            new Rule(Pattern.compile("\\.vscode/(tasks|settings|launch)\\.json"),
                    "the editor runs the tasks, tools and programs it names"),
            new Rule(Pattern.compile("\\.mcp\\.json"), "it names MCP servers, programs that agents start"),
            new Rule(Pattern.compile("\\.devcontainer/.*"), "a dev container runs the commands it names"),
            new Rule(Pattern.compile("\\.pre-commit-config\\.yaml"), "pre-commit runs the hooks it names"),
            new Rule(Pattern.compile("\\.github/workflows/.*|\\.gitlab-ci\\.yml|\\.circleci/.*|\\.buildkite/.*"
                    + "|azure-pipelines\\.yml|\\.travis\\.yml|Jenkinsfile"), "CI runs the commands it holds"));
    private static final Pattern SECTION = Pattern.compile("\\s*\\[\\s*([A-Za-z0-9.-]+)\\s*(\"[^\"]*\")?\\s*]\\s*(.*)");
    private static final Pattern HOOKS_PATH = Pattern.compile("(?i)\\s*hookspath\\s*=\\s*(.*)");

    /** The protection of {@code path}, or empty when the file tools may change it as they change any file. */
    public Optional<Protection> check(ResolvedPath path) {
        String relative = path.relative();
        if (relative.isEmpty()) {
            return Optional.empty();
        }
        for (String segment : relative.split("/")) {
            if (segment.equalsIgnoreCase(".git")) {
                return Optional.of(new Protection.Refused("'" + path.display() + "' is inside git's own folder"
                        + " (.git): the file tools never write or delete there, since git would run what its config"
                        + " and hooks name; git changes it itself, through commands the user approves"));
            }
        }
        for (Rule rule : RUN_CODE) {
            if (rule.path().matcher(relative).matches()) {
                return Optional.of(new Protection.NeedsApproval("'" + path.display() + "' can make programs run: "
                        + rule.why()));
            }
        }
        Path root = path.root().real();
        return hooksFolder(root).filter(hooks -> path.absolute().startsWith(hooks))
                .map(hooks -> new Protection.NeedsApproval("'" + path.display() + "' is in git's hooks folder ("
                        + "core.hooksPath " + hooks + "): git runs the hooks there on commit, checkout and merge"));
    }

    /** Where {@code core.hooksPath} of the root's repository points, resolved as git does against the root. */
    Optional<Path> hooksFolder(Path root) {
        Optional<String> value = Optional.empty();
        for (Path config : configFiles(root)) {
            Optional<String> set = hooksPath(config);
            if (set.isPresent()) {
                value = set;
            }
        }
        return value.filter(v -> !v.isBlank()).map(v -> {
            Path hooks = v.startsWith("~/") ? Path.of(System.getProperty("user.home")).resolve(v.substring(2))
                    : root.resolve(v);
            try {
                return hooks.toRealPath();
            } catch (IOException e) {
                return hooks.toAbsolutePath().normalize();
            }
        });
    }

    /** The repository's config, and the shared one of a linked worktree ({@code .git} as a file). */
    private static List<Path> configFiles(Path root) {
        Path dotGit = root.resolve(".git");
        if (Files.isDirectory(dotGit)) {
            return List.of(dotGit.resolve("config"));
        }
        try {
            String pointer = Files.readString(dotGit).strip();
            if (!pointer.startsWith("gitdir:")) {
                return List.of();
            }
            Path gitDir = root.resolve(pointer.substring("gitdir:".length()).strip()).normalize();
            Path common = gitDir;
            Path commonFile = gitDir.resolve("commondir");
            if (Files.isRegularFile(commonFile)) {
                common = gitDir.resolve(Files.readString(commonFile).strip()).normalize();
            }
            return List.of(common.resolve("config"), gitDir.resolve("config.worktree"));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** The last {@code hooksPath} of the {@code [core]} section of one config file. */
    private static Optional<String> hooksPath(Path config) {
        List<String> lines;
        try {
            if (!Files.isRegularFile(config) || Files.size(config) > (1 << 20)) {
                return Optional.empty();
            }
            lines = Files.readAllLines(config);
        } catch (IOException e) {
            return Optional.empty();
        }
        boolean inCore = false;
        String found = null;
        for (String line : lines) {
            var section = SECTION.matcher(line);
            if (section.matches()) {
                inCore = section.group(1).toLowerCase(Locale.ROOT).equals("core") && section.group(2) == null;
                line = section.group(3);
            }
            var hooks = HOOKS_PATH.matcher(line);
            if (inCore && hooks.matches()) {
                found = unquote(hooks.group(1));
            }
        }
        return Optional.ofNullable(found);
    }

    private static String unquote(String value) {
        String v = value.replaceAll("\\s+[#;].*$", "").strip();
        return v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"") ? v.substring(1, v.length() - 1) : v;
    }
}
