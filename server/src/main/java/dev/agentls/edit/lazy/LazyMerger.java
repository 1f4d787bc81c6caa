package dev.agentls.edit.lazy;

import dev.agentls.edit.BlockMatch;
import dev.agentls.edit.EditOutcome;
import dev.agentls.syntax.FileLanguage;
import dev.agentls.syntax.SyntaxParser;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Merges a lazy edit ({@code // ... existing code ...} standing for kept lines) into a file's text,
 * deterministically, or refuses with the facts (EDIT-SEMANTICS.md, "Lazy edits"). Lines of the edit that occur
 * once in the file anchor it, definitions matched by name anchor where their first line changed, repeated lines
 * anchor only where their neighbours put them; each marker keeps the file's lines between the anchors around it.
 * Refuses input that is binary or too large, lines it cannot place, ambiguous anchors, and merges that would
 * delete more than a third of the file when the edit shows no sign of deleting. Untouched lines keep their bytes.
 */
public final class LazyMerger {

    /** Edits larger than this are refused: a lazy edit is the changed part of a file, not a data dump. */
    public static final int MAX_EDIT_CHARS = 1_000_000;
    public static final int MAX_FILE_CHARS = 10_000_000;

    /** Languages whose nesting is syntax (FileLanguage names). */
    private static final Set<String> STRUCTURED = Set.of("python", "yaml", "make");

    /** Languages where a line gives one key or variable its value (FileLanguage names). */
    private static final Set<String> SETTINGS = Set.of("yaml", "make", "toml", "ini", "properties", "json");

    private static final Pattern DELETING = Pattern.compile("(?i)\\b(remov|delet|drop)\\w*");

    private final StructureMatcher structure;

    /** A merger with the default tree-sitter parser (bounded in size and time). */
    public LazyMerger() {
        this(new SyntaxParser());
    }

    public LazyMerger(SyntaxParser parser) {
        this.structure = new StructureMatcher(parser);
    }

    /**
     * Merges {@code editText} into {@code original}, the text of the file named {@code fileName} (which picks the
     * comment syntax and grammar; null for plain text). Applied: the whole new text and one {@code lazy} match per
     * changed region, in the original's lines. Refused: a {@link LazyEditFailure}.
     */
    public EditOutcome merge(String fileName, String original, String editText) {
        LazyEditFailure refused = refuseInput(original, editText);
        if (refused != null) {
            return new EditOutcome.Refused(refused);
        }
        FileLanguage language = FileLanguage.forFileName(fileName);
        ElisionMarkers markers = new ElisionMarkers(language.comments());
        EditModel edit = new EditModel(editText, markers);
        FileModel file = new FileModel(original, SETTINGS.contains(language.name()));
        if (!edit.hasCode()) {
            return new EditOutcome.Refused(new LazyEditFailure.InputRefused("edit",
                    edit.hasMarkers() ? "holds only `... existing code ...` markers and no code" : "is empty"));
        }
        AnchorChain byText = AnchorChain.build(edit, file, List.of());
        List<Anchor> structural = structure.anchors(language.grammar(), original, editText, edit, file,
                byText::anchored);
        boolean signOfDeleting = signOfDeleting(edit, language);
        boolean structured = structured(language);
        EditOutcome whole = attempt(new Attempt(edit, file, structured, signOfDeleting, false),
                chain(byText, edit, file, structural));
        if (edit.hasMarkers()) {
            return whole;
        }
        // No marker: the edit is the whole file (lazy rule 4). One exception, where replacing the whole file would
        // delete much of it: an edit that is exactly one block of the file (its opening line and its closing line
        // anchored to one block's, comments before it allowed) replaces that block, as Continue does. Anything
        // else stays whole-file, so a fragment never keeps an old tail the edit left out.
        if (whole instanceof EditOutcome.Refused r && r.failure() instanceof LazyEditFailure.SuspiciousDeletion) {
            AnchorChain chain = AnchorChain.build(edit, file, structural);
            if (isOneBlockOfTheFile(edit, file, chain)) {
                return attempt(new Attempt(edit, file, structured, signOfDeleting, true), chain);
            }
        }
        return whole;
    }

    /** The edit's first code line past comments opens a block of the file and its last code line closes it. */
    private static boolean isOneBlockOfTheFile(EditModel edit, FileModel file, AnchorChain chain) {
        int first = -1;
        int last = -1;
        for (int e = 0; e < edit.size(); e++) {
            if (edit.code(e)) {
                first = first < 0 && !LineKeys.isPreamble(edit.keys[e]) ? e : first;
                last = e;
            }
        }
        if (first < 0 || edit.closerOf(first) != last) {
            return false;
        }
        Anchor opener = chain.get(first);
        Anchor closer = chain.get(last);
        return opener != null && closer != null && LineKeys.isOpener(file.keys[opener.o()])
                && file.closerOf(opener.o()) == closer.o();
    }

    /** The text-only chain when structure added nothing; each attempt gets its own, as a run extends it. */
    private static AnchorChain chain(AnchorChain byText, EditModel edit, FileModel file, List<Anchor> structural) {
        return structural.isEmpty() ? byText : AnchorChain.build(edit, file, structural);
    }

    /**
     * Merges under both tie orders. Where both give a text and the texts differ, a tie between equally good
     * placements decided the result: refused, naming where each would put the change. Where only one gives a text
     * (the other fails a check), that one is the only valid placement.
     */
    private static EditOutcome attempt(Attempt attempt, AnchorChain chain) {
        EditOutcome first = attempt.run(chain.copy(), GapAligner.TieOrder.FIRST);
        EditOutcome last = attempt.run(chain, GapAligner.TieOrder.LAST);
        if (first instanceof EditOutcome.Applied a && last instanceof EditOutcome.Applied b) {
            // Blank lines are not code: a tie that only spaces the code differently is no reason to refuse.
            return code(a.newText()).equals(code(b.newText())) ? a : new EditOutcome.Refused(tie(a, b));
        }
        return first instanceof EditOutcome.Applied ? first : last instanceof EditOutcome.Applied ? last : first;
    }

    private static List<String> code(String text) {
        return text.lines().filter(line -> !line.isBlank()).toList();
    }

    /** The first changed region where the two merges differ, as each would change it. */
    private static LazyEditFailure.TiedPlacements tie(EditOutcome.Applied a, EditOutcome.Applied b) {
        List<BlockMatch> ha = a.matches();
        List<BlockMatch> hb = b.matches();
        for (int i = 0; i < Math.max(ha.size(), hb.size()); i++) {
            BlockMatch x = i < ha.size() ? ha.get(i) : null;
            BlockMatch y = i < hb.size() ? hb.get(i) : null;
            if (x == null || y == null || x.startLine() != y.startLine() || x.endLine() != y.endLine()) {
                return new LazyEditFailure.TiedPlacements(List.of(describe(x), describe(y)));
            }
        }
        String same = ha.stream().map(LazyMerger::describe).collect(Collectors.joining(", "));
        return new LazyEditFailure.TiedPlacements(List.of(same + " in one order", "the same lines in another"));
    }

    private static String describe(BlockMatch hunk) {
        if (hunk == null) {
            return "no change there";
        }
        return hunk.startLine() == hunk.endLine() ? "changing around line " + hunk.startLine()
                : "changing lines " + hunk.startLine() + "-" + hunk.endLine();
    }

    /** Whether nesting is meaning in this language, so every line must land at the nesting the edit shows. */
    private static boolean structured(FileLanguage language) {
        return STRUCTURED.contains(language.name());
    }

    /**
     * One edit against one file, merged under a given tie order and checked; a {@code fragment} is merged as if
     * markers stood before and after it.
     */
    private record Attempt(EditModel edit, FileModel file, boolean structured, boolean signOfDeleting,
            boolean fragment) {

        EditOutcome run(AnchorChain chain, GapAligner.TieOrder ties) {
            MergeRun.Outcome outcome = new MergeRun(edit, file, chain, fragment, fragment, ties).run();
            if (outcome.failure() != null) {
                return new EditOutcome.Refused(outcome.failure());
            }
            Reindenter indenter = new Reindenter(edit, file, Reindenter.placed(edit, outcome.pieces()), structured);
            List<Piece> pieces = indenter.renest(outcome.pieces());
            LazyEditFailure failure = null;
            if (!signOfDeleting) {
                failure = DeletionCheck.check(edit, file, pieces);
                if (failure == null && !fragment) {
                    failure = DeletionCheck.leadingLines(edit, file, pieces);
                }
            }
            if (failure == null) {
                failure = BalanceCheck.check(edit, file, pieces);
            }
            if (failure == null) {
                failure = BothVersionsCheck.check(edit, file, pieces, outcome.owned());
            }
            if (failure != null) {
                return new EditOutcome.Refused(failure);
            }
            return new EditOutcome.Applied(TextAssembler.assemble(edit, file, pieces, indenter),
                    Hunks.of(file, pieces));
        }
    }

    private static LazyEditFailure refuseInput(String original, String editText) {
        if (editText.length() > MAX_EDIT_CHARS) {
            return new LazyEditFailure.InputRefused("edit", "is " + editText.length() + " characters; lazy edits"
                    + " are limited to " + MAX_EDIT_CHARS + " (send the changed parts with markers between them)");
        }
        if (original.length() > MAX_FILE_CHARS) {
            return new LazyEditFailure.InputRefused("file", "is " + original.length() + " characters; lazy edits"
                    + " apply to files of at most " + MAX_FILE_CHARS);
        }
        if (editText.indexOf('\0') >= 0) {
            return new LazyEditFailure.InputRefused("edit", "contains NUL characters: binary content is not merged");
        }
        if (original.indexOf('\0') >= 0) {
            return new LazyEditFailure.InputRefused("file", "contains NUL characters: binary files are not merged");
        }
        return null;
    }

    /** A comment of the edit saying code is removed, deleted or dropped. */
    private static boolean signOfDeleting(EditModel edit, FileLanguage language) {
        for (int e = 0; e < edit.size(); e++) {
            String comment = language.comments().commentText(edit.lines.get(e).strip());
            if (comment != null && DELETING.matcher(comment).find()) {
                return true;
            }
        }
        return false;
    }
}
