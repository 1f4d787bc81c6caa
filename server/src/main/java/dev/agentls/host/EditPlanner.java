package dev.agentls.host;

import dev.agentls.edit.BlockMatch;
import dev.agentls.edit.EditOutcome;
import dev.agentls.edit.FileEditBlocks;
import dev.agentls.edit.IndexedText;
import dev.agentls.edit.ParseOutcome;
import dev.agentls.edit.SearchReplaceBlock;
import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.SearchReplaceParser;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.FileRefusedException;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.Snapshot;
import dev.agentls.workspace.WorkspaceException;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Resolves a SEARCH/REPLACE answer (bare blocks, or several {@code <file-edit filePath="...">} wrappers) against the
 * workspace: each path confined to the roots, each file's current text (open buffer, else disk), each file's blocks
 * matched by the edit engine. Every file is resolved before anything is applied, so one bad block, path or file
 * refuses the whole answer and nothing is touched. A file that does not exist is created only by a single block
 * with an empty SEARCH. It reads; it never writes.
 */
public final class EditPlanner {

    private final WorkspaceRoots roots;
    private final DocumentStore documents;
    private final SearchReplaceEngine engine;
    private final SearchReplaceParser parser = new SearchReplaceParser();

    public EditPlanner(WorkspaceRoots roots, DocumentStore documents, SearchReplaceEngine engine) {
        this.roots = roots;
        this.documents = documents;
        this.engine = engine;
    }

    /**
     * @param defaultTarget the file that blocks outside a {@code <file-edit>} wrapper apply to (an editor's URI or a
     *     workspace path); empty when the answer must name its files
     */
    public EditPlan plan(String answer, Optional<String> defaultTarget) {
        ParseOutcome parsed = parser.parse(answer);
        if (parsed instanceof ParseOutcome.Malformed malformed) {
            return new EditPlan.Refused(malformed.failure().message());
        }
        Map<Path, Pending> byPath = new LinkedHashMap<>();
        try {
            for (FileEditBlocks edit : ((ParseOutcome.Parsed) parsed).files()) {
                ResolvedPath path = resolve(edit.filePath().or(() -> defaultTarget));
                Pending pending = byPath.get(path.absolute());
                if (pending == null) {
                    pending = read(path, edit.blocks());
                    byPath.put(path.absolute(), pending);
                }
                pending.apply(engine, edit.blocks());
            }
        } catch (Refusal refusal) {
            return new EditPlan.Refused(refusal.getMessage());
        }
        return new EditPlan.Ready(byPath.values().stream().map(Pending::toPlannedFile).toList());
    }

    private ResolvedPath resolve(Optional<String> target) {
        if (target.isEmpty()) {
            throw new Refusal("the edit does not say which file it is for: wrap its blocks in "
                    + "<file-edit filePath=\"...\"> or name the file");
        }
        try {
            return roots.resolve(target.get());
        } catch (WorkspaceException e) {
            throw new Refusal(e.getMessage());
        }
    }

    /** The file's current text; a missing file may only be created, by one block with an empty SEARCH. */
    private Pending read(ResolvedPath path, List<SearchReplaceBlock> blocks) {
        try {
            return Pending.existing(path, documents.snapshot(path));
        } catch (FileRefusedException e) {
            if (e.reason() != FileRefusedException.Reason.NOT_FOUND) {
                throw new Refusal(e.getMessage());
            }
            if (blocks.size() != 1 || !blocks.get(0).search().isEmpty()) {
                throw new Refusal("'" + path.display() + "' does not exist; to create it, send one block with an empty "
                        + "SEARCH and the whole file as REPLACE");
            }
            return Pending.created(path);
        } catch (WorkspaceException e) {
            throw new Refusal(e.getMessage());
        }
    }

    /** Stops planning; its message is the plan's refusal. Never leaves this class. */
    private static final class Refusal extends RuntimeException {
        Refusal(String message) {
            super(message, null, false, false);
        }
    }

    /** One file's text as the answer's blocks evolve it. */
    private static final class Pending {
        private final ResolvedPath path;
        private final boolean exists;
        private final String original;
        private final OptionalInt version;
        private final List<EditPlan.BlockReport> reports = new ArrayList<>();
        private String text;
        /** The text with its line starts as the workspace gave it, until a first wrapper's blocks change it. */
        private IndexedText indexed;

        private Pending(ResolvedPath path, boolean exists, String original, OptionalInt version, IndexedText indexed) {
            this.path = path;
            this.exists = exists;
            this.original = original;
            this.version = version;
            this.text = original;
            this.indexed = indexed;
        }

        static Pending existing(ResolvedPath path, Snapshot snapshot) {
            return new Pending(path, true, snapshot.text(), snapshot.version(), EditTexts.of(snapshot));
        }

        static Pending created(ResolvedPath path) {
            return new Pending(path, false, "", OptionalInt.empty(), IndexedText.of(""));
        }

        void apply(SearchReplaceEngine engine, List<SearchReplaceBlock> blocks) {
            EditOutcome outcome = engine.apply(path.display(), indexed, blocks);
            if (outcome instanceof EditOutcome.Refused refused) {
                throw new Refusal(path.display() + ": " + refused.failure().message());
            }
            EditOutcome.Applied applied = (EditOutcome.Applied) outcome;
            int offset = reports.size();
            for (BlockMatch match : applied.matches()) {
                reports.add(new EditPlan.BlockReport(offset + match.number(), String.valueOf(match.strategy()),
                        match.startLine(), match.endLine()));
            }
            text = applied.newText();
            indexed = IndexedText.of(text);
        }

        EditPlan.PlannedFile toPlannedFile() {
            FileChange change = exists
                    ? new FileChange.Modify(path.absolute(), version, original, text)
                    : new FileChange.Create(path.absolute(), text);
            return new EditPlan.PlannedFile(path, change, reports);
        }
    }
}
