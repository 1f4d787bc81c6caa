package dev.agentls.workspace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The ignore rules of one root, with git's precedence: {@code .git/info/exclude} lowest, then each folder's
 * {@code .gitignore} from the root down, a deeper file overriding a shallower one and a later line an earlier one.
 * {@code .agentlsignore} files sit just above the {@code .gitignore} of their folder. A path inside an ignored folder
 * stays ignored whatever a negation says (git cannot re-include it either). {@code .git} is always ignored. Rule
 * files are read lazily and cached; {@link #invalidate} drops a folder's after its files change. Thread-safe.
 */
public final class IgnoreRules {

    /** The file names read in every folder, lowest precedence first. */
    public static final List<String> FILE_NAMES = List.of(".gitignore", ".agentlsignore");

    private final Path root;
    private final Map<String, List<List<IgnoreRule>>> byFolder = new ConcurrentHashMap<>();
    private volatile List<IgnoreRule> exclude;

    public IgnoreRules(Path root) {
        this.root = root;
    }

    /** Drops the cached rules of {@code folder} ({@code ""} for the root), e.g. after its .gitignore changed. */
    public void invalidate(String folder) {
        byFolder.remove(folder);
        if (folder.isEmpty() || folder.equals(".git") || folder.equals(".git/info")) {
            exclude = null;
        }
    }

    /** Drops every cached rule file. */
    public void invalidateAll() {
        byFolder.clear();
        exclude = null;
    }

    /** Whether {@code path} (relative to the root) is ignored, its ancestors included. */
    public boolean isIgnored(String path, boolean directory) {
        int slash = path.indexOf('/');
        while (slash >= 0) {
            if (decide(path.substring(0, slash), true).orElse(false)) {
                return true;
            }
            slash = path.indexOf('/', slash + 1);
        }
        return decide(path, directory).orElse(false);
    }

    /**
     * Whether {@code path} itself is ignored, assuming its ancestors are not (a walk that never enters an ignored
     * folder asks only this).
     */
    public boolean isIgnoredInWalk(String path, boolean directory) {
        return decide(path, directory).orElse(false);
    }

    /** The rule deciding {@code path}, if any: for explaining a decision. */
    public Optional<IgnoreRule> decidingRule(String path, boolean directory) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        String folder = parentOf(path);
        while (true) {
            List<List<IgnoreRule>> files = byFolder.computeIfAbsent(folder, this::load);
            for (int f = files.size() - 1; f >= 0; f--) {
                Optional<IgnoreRule> hit = lastMatch(files.get(f), path, name, directory);
                if (hit.isPresent()) {
                    return hit;
                }
            }
            if (folder.isEmpty()) {
                break;
            }
            folder = parentOf(folder);
        }
        return lastMatch(excludeRules(), path, name, directory);
    }

    private Optional<Boolean> decide(String path, boolean directory) {
        if (path.equals(".git") || path.endsWith("/.git")) {
            return Optional.of(true);
        }
        return decidingRule(path, directory).map(r -> !r.negated());
    }

    private static Optional<IgnoreRule> lastMatch(List<IgnoreRule> rules, String path, String name, boolean directory) {
        for (int i = rules.size() - 1; i >= 0; i--) {
            IgnoreRule rule = rules.get(i);
            if (rule.matches(path, name, directory)) {
                return Optional.of(rule);
            }
        }
        return Optional.empty();
    }

    /** The rules of each file of {@link #FILE_NAMES} in {@code folder}, in that order. */
    private List<List<IgnoreRule>> load(String folder) {
        List<List<IgnoreRule>> files = new ArrayList<>();
        for (String fileName : FILE_NAMES) {
            String source = folder.isEmpty() ? fileName : folder + "/" + fileName;
            files.add(read(root.resolve(source)).map(text -> IgnoreRule.parse(folder, text, source)).orElse(List.of()));
        }
        return List.copyOf(files);
    }

    private List<IgnoreRule> excludeRules() {
        List<IgnoreRule> current = exclude;
        if (current == null) {
            current = read(root.resolve(".git/info/exclude"))
                    .map(text -> IgnoreRule.parse("", text, ".git/info/exclude")).orElse(List.of());
            exclude = current;
        }
        return current;
    }

    private static Optional<String> read(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static String parentOf(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash);
    }
}
