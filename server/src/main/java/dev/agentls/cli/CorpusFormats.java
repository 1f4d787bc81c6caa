package dev.agentls.cli;

import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.lazy.LazyMerger;
import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.EditPlan;
import dev.agentls.host.EditPlanner;
import dev.agentls.host.LazyEditPlanner;
import dev.agentls.syntax.FileLanguage;
import dev.agentls.workspace.AtomicWriter;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.WorkspaceRoots;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Runs one corpus entry the way a user's edit runs (EDIT-SEMANTICS, issue 9 class 7): the entry's {@code original}
 * is written as UTF-8 bytes to a real file in a fresh temp workspace, the edit goes through the same planner and
 * terminal host as {@code agentls apply} (BOM, line endings and final newline read and written as users get them),
 * and the outcome is the file's bytes afterwards, read back as UTF-8. A format without an engine yet answers empty,
 * and the checker counts the entry as skipped: plugging in an engine is one case here.
 */
final class CorpusFormats {

    /** The file an entry without a {@code path} (and no extension in its id) is written to. */
    static final String DEFAULT_FILE = "entry.txt";

    private final SearchReplaceEngine engine;
    private final LazyMerger lazyMerger = new LazyMerger();

    CorpusFormats() {
        this(new SearchReplaceEngine());
    }

    CorpusFormats(SearchReplaceEngine engine) {
        this.engine = engine;
    }

    Optional<CorpusOutcome> run(CorpusEntry entry) {
        switch (entry.format()) {
            case "search_replace":
                return Optional.of(inWorkspace(entry, false));
            case "lazy":
                return Optional.of(inWorkspace(entry, true));
            default:
                return Optional.empty();
        }
    }

    /**
     * The file name (language, comment syntax, grammar) is the entry's {@code path}, else the extension its id ends
     * with (Continue's ids end in their fixture's: {@code -py}, {@code -tsx}), else {@value #DEFAULT_FILE}.
     */
    static String fileName(CorpusEntry entry) {
        if (entry.path().isPresent()) {
            return entry.path().get();
        }
        String id = entry.id();
        String candidate = "entry." + id.substring(id.lastIndexOf('-') + 1);
        return FileLanguage.forFileName(candidate).equals(FileLanguage.plainText()) ? DEFAULT_FILE : candidate;
    }

    private CorpusOutcome inWorkspace(CorpusEntry entry, boolean lazy) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("agentls-corpus-");
            String name = fileName(entry);
            Path file = dir.resolve(name).normalize();
            if (!file.startsWith(dir)) {
                return new CorpusOutcome.Refused("the entry's path " + name + " leaves its workspace");
            }
            Files.createDirectories(file.getParent());
            Files.write(file, entry.original().getBytes(StandardCharsets.UTF_8));
            WorkspaceRoots roots = new WorkspaceRoots(List.of(dir));
            DocumentStore documents = new DocumentStore();
            EditPlan plan = lazy
                    ? new LazyEditPlanner(roots, documents, lazyMerger).plan(name, entry.edit())
                    : new EditPlanner(roots, documents, engine).plan(entry.edit(), Optional.of(name));
            if (plan instanceof EditPlan.Refused refused) {
                return new CorpusOutcome.Refused(refused.message());
            }
            EditPlan.Ready ready = (EditPlan.Ready) plan;
            if (ready.files().size() != 1 || !ready.files().get(0).path().absolute().equals(file)) {
                return new CorpusOutcome.Refused("the edit changes " + ready.files().size()
                        + " files or another file than the entry's " + name);
            }
            ByteArrayOutputStream status = new ByteArrayOutputStream();
            TerminalHost host = new TerminalHost(documents, new AtomicWriter(), TerminalHost.Prompter.none(),
                    new PrintStream(status, true, StandardCharsets.UTF_8));
            ChangeOutcome outcome = host.applyChanges(ready.changes()).join();
            if (outcome instanceof ChangeOutcome.Refused refused) {
                return new CorpusOutcome.Refused(refused.reason());
            }
            List<String> strategies = ready.files().get(0).blocks().stream().map(EditPlan.BlockReport::strategy)
                    .toList();
            return new CorpusOutcome.Applied(new String(Files.readAllBytes(file), StandardCharsets.UTF_8), strategies);
        } catch (IOException e) {
            throw new UncheckedIOException("corpus entry " + entry.id() + ": " + e.getMessage(), e);
        } finally {
            if (dir != null) {
                delete(dir);
            }
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
