package dev.agentls.conversation;

import dev.agentls.outline.TokenCounter;
import dev.agentls.workspace.WorkspaceRoot;
import dev.agentls.workspace.WorkspaceRoots;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Finds and reads the project's rules files for a run, in a fixed order: for each root, {@code AGENTS.md}, then
 * {@code .agentls/rules/*.md} by name, then, read-only for compatibility with other agents, {@code CLAUDE.md},
 * {@code .clinerules} (a file, or a folder of files by name) and {@code .cursorrules}; then, for each file the run
 * touches, the nearest {@code AGENTS.md} above it inside its root. Files share one token budget in that order: the
 * file that passes it is cut at a line and says so, later ones are named as not shown. A rules file that is not
 * UTF-8 text, or a link leading out of its root, is refused with a note naming it and the reason. Reads only;
 * stateless between calls, so a rules file edited between runs is read fresh.
 */
public final class ProjectRulesLoader {

    /** The part of a rules file read at most; longer files are cut there before the budget applies. */
    public static final int MAX_FILE_BYTES = 256 * 1024;
    /** The default budget of all rules files together. */
    public static final int DEFAULT_BUDGET = 8_000;

    private static final List<String> COMPATIBLE = List.of("CLAUDE.md", ".clinerules", ".cursorrules");

    private final WorkspaceRoots roots;
    private final TokenCounter tokens;
    private final int budget;

    public ProjectRulesLoader(WorkspaceRoots roots, TokenCounter tokens, int budget) {
        if (budget < 0) {
            throw new IllegalArgumentException("the project rules budget must not be negative: " + budget);
        }
        this.roots = roots;
        this.tokens = tokens;
        this.budget = budget;
    }

    /** The same loader counting with {@code counter} (the run's model's), so the budget holds in its tokens. */
    public ProjectRulesLoader countingWith(TokenCounter counter) {
        return new ProjectRulesLoader(roots, counter, budget);
    }

    /**
     * The rules for a run touching {@code touchedFiles} (paths relative to the first root, root-name prefixed in a
     * multi-root workspace, or absolute); files outside every root are ignored.
     */
    public ProjectRules load(Collection<String> touchedFiles) {
        Set<Path> found = new LinkedHashSet<>();
        for (WorkspaceRoot root : roots.roots()) {
            Path base = root.real();
            found.add(base.resolve("AGENTS.md"));
            found.addAll(filesOf(base.resolve(".agentls").resolve("rules"), ".md"));
            for (String name : COMPATIBLE) {
                Path path = base.resolve(name);
                if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                    found.addAll(filesOf(path, ""));
                } else {
                    found.add(path);
                }
            }
        }
        for (String touched : touchedFiles) {
            nearestAgentsFile(touched).ifPresent(found::add);
        }
        List<String> notes = new ArrayList<>();
        List<Map.Entry<String, String>> texts = new ArrayList<>();
        long bound = 0;
        for (Path path : found) {
            if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS) || Files.isDirectory(path)) {
                continue;
            }
            String display = display(path);
            Optional<String> text = read(path, display, notes);
            if (text.isPresent()) {
                texts.add(Map.entry(display, text.get()));
                bound += tokens.upperBound(text.get());
            }
        }
        List<RulesFile> shown = new ArrayList<>();
        if (bound <= budget) {
            // Every file fits even by the bound: no cut, so no exact count is needed (nor an encoding loaded).
            texts.forEach(file -> shown.add(new RulesFile(file.getKey(), file.getValue(),
                    (int) tokens.upperBound(file.getValue()), false)));
            return new ProjectRules(shown, notes, budget);
        }
        int left = budget;
        for (Map.Entry<String, String> file : texts) {
            String display = file.getKey();
            String text = file.getValue();
            int count = tokens.count(text);
            if (left <= 0) {
                notes.add("not shown: " + display + " (" + count + " tokens): the project rules budget of " + budget
                        + " tokens is used up; read the file if it matters");
            } else if (count <= left) {
                shown.add(new RulesFile(display, text, count, false));
                left -= count;
            } else {
                shown.add(new RulesFile(display, headWithin(text, left), count, true));
                left = 0;
            }
        }
        return new ProjectRules(shown, notes, budget);
    }

    /** The nearest AGENTS.md in the folders holding {@code touched}, below its root (the root's own is read anyway). */
    private Optional<Path> nearestAgentsFile(String touched) {
        Path file;
        try {
            file = roots.resolve(touched).absolute();
        } catch (RuntimeException refused) {
            return Optional.empty();
        }
        Optional<WorkspaceRoot> root = roots.rootOf(file);
        if (root.isEmpty()) {
            return Optional.empty();
        }
        for (Path folder = file.getParent(); folder != null && folder.startsWith(root.get().real())
                && !folder.equals(root.get().real()); folder = folder.getParent()) {
            Path candidate = folder.resolve("AGENTS.md");
            if (Files.isRegularFile(candidate, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static List<Path> filesOf(Path folder, String suffix) {
        if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The file's text, or empty with a note saying why it is refused. */
    private Optional<String> read(Path path, String display, List<String> notes) {
        try {
            Path real = path.toRealPath();
            if (roots.rootOf(real).isEmpty()) {
                notes.add("refused: " + display + " is a link to " + real + ", outside the workspace");
                return Optional.empty();
            }
            byte[] bytes;
            boolean longer;
            try (InputStream in = Files.newInputStream(real)) {
                bytes = in.readNBytes(MAX_FILE_BYTES);
                longer = in.read() >= 0;
            }
            int length = bytes.length;
            if (longer) {
                // cut at the last line break, so no character is split
                while (length > 0 && bytes[length - 1] != '\n') {
                    length--;
                }
            }
            for (int i = 0; i < length; i++) {
                if (bytes[i] == 0) {
                    notes.add("refused: " + display + " is not text (a NUL byte at offset " + i + ")");
                    return Optional.empty();
                }
            }
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, 0, length))
                    .toString();
            if (text.startsWith("\uFEFF")) {
                text = text.substring(1);
            }
            if (longer) {
                notes.add("cut: " + display + " is larger than " + MAX_FILE_BYTES / 1024
                        + " KiB; only its first " + MAX_FILE_BYTES / 1024 + " KiB were read");
            }
            return text.isBlank() ? Optional.empty() : Optional.of(text);
        } catch (CharacterCodingException e) {
            notes.add("refused: " + display + " is not UTF-8 text");
            return Optional.empty();
        } catch (IOException e) {
            notes.add("refused: " + display + " cannot be read: " + e.getMessage());
            return Optional.empty();
        }
    }

    /** The longest run of whole lines from the start of {@code text} within {@code limit} tokens. */
    private String headWithin(String text, int limit) {
        List<Integer> ends = new ArrayList<>();
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            ends.add(i + 1);
        }
        int low = 0;
        int high = ends.size();
        while (low < high) {
            int mid = (low + high + 1) >>> 1;
            if (tokens.count(text.substring(0, ends.get(mid - 1))) <= limit) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        return low == 0 ? "" : text.substring(0, ends.get(low - 1));
    }

    private String display(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        return roots.rootOf(absolute).map(root -> {
            String relative = root.real().relativize(absolute).toString().replace('\\', '/');
            return roots.roots().size() > 1 ? root.name() + "/" + relative : relative;
        }).orElse(absolute.toString());
    }
}
