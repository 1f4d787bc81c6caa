package dev.agentls.edit.lazy;

import dev.agentls.edit.EditFailure;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Why a lazy edit was refused. Every refusal names the edit's line (1-based, counting the edit's own lines) and the
 * file's lines involved, so the model can retry with better context. Nothing is applied when one is returned.
 */
public sealed interface LazyEditFailure extends EditFailure {

    /** An edit line that must anchor the edit but occurs more than once where context cannot decide. */
    record AmbiguousAnchor(int editLine, String text, List<Integer> candidateLines) implements LazyEditFailure {
        public AmbiguousAnchor {
            candidateLines = List.copyOf(candidateLines);
        }

        @Override
        public String message() {
            return "ambiguous lazy edit: edit line " + editLine + " `" + LazyEditFailure.clip(text)
                    + "` occurs at lines " + LazyEditFailure.lines(candidateLines)
                    + " of the file and nothing around it decides which; include a unique line next to it";
        }
    }

    /** An edit line the merge cannot place: no anchor around it tells where it goes. */
    record UnplaceableLine(int editLine, String text, String reason) implements LazyEditFailure {
        @Override
        public String message() {
            return "cannot place edit line " + editLine + " `" + LazyEditFailure.clip(text) + "`: " + reason;
        }
    }

    /** The merge would delete a large part of the file while the edit shows no sign of deleting. */
    record SuspiciousDeletion(int deletedLines, int addedLines, int fileLines, List<String> ranges)
            implements LazyEditFailure {
        public SuspiciousDeletion {
            ranges = List.copyOf(ranges);
        }

        @Override
        public String message() {
            return "refusing lazy edit: it would delete " + deletedLines + " of the file's " + fileLines
                    + " non-blank lines (" + String.join(", ", ranges) + ") and add only " + addedLines
                    + ", with no `... existing code ...` marker standing for them; add markers where code is kept,"
                    + " or say in a comment that it is removed";
        }
    }

    /**
     * Two placements tie on every rule (fewest changed lines, most anchors, most at their exact indentation) and give
     * different code; each candidate is what it would change, in the file's lines.
     */
    record TiedPlacements(List<String> candidates) implements LazyEditFailure {
        public TiedPlacements {
            candidates = List.copyOf(candidates);
        }

        @Override
        public String message() {
            return "ambiguous lazy edit: it fits the file equally well in ways that give different code ("
                    + String.join("; or ", candidates) + "); include a unique line of the file next to the change";
        }
    }

    /** An edit without a leading marker whose first line lands below imports or a package line it would delete. */
    record LeadingLinesDropped(int firstKeptLine, int declarations, String firstLine) implements LazyEditFailure {
        @Override
        public String message() {
            String range = firstKeptLine == 2 ? "line 1" : "lines 1-" + (firstKeptLine - 1);
            return "refusing lazy edit: it has no `... existing code ...` marker before its first line, which lands"
                    + " at line " + firstKeptLine + " of the file, so " + range + " would be deleted, with " + declarations
                    + " import or package line(s) from `" + LazyEditFailure.clip(firstLine) + "`; begin the edit with"
                    + " a marker to keep them, or say in a comment that they are removed";
        }
    }

    /**
     * An inserted line reads as a changed version (or a copy) of a line of the file that a marker keeps, the kept
     * one not shown in the edit: the file would hold both versions (lazy rule 8).
     */
    record BothVersions(int editLine, String editText, int fileLine, String fileText) implements LazyEditFailure {
        @Override
        public String message() {
            return "refusing lazy edit: edit line " + editLine + " `" + LazyEditFailure.clip(editText)
                    + "` reads as a changed version of line " + fileLine + " `" + LazyEditFailure.clip(fileText)
                    + "` of the file, which a marker keeps, so the file would hold both versions; show"
                    + " the line it replaces with an unchanged line of the file next to it";
        }
    }

    /** Input the merge will not look at: too large, or not text. */
    record InputRefused(String what, String reason) implements LazyEditFailure {
        @Override
        public String message() {
            return "refusing lazy edit: the " + what + " " + reason;
        }
    }

    private static String clip(String text) {
        String t = text.strip();
        return t.length() <= 80 ? t : t.substring(0, 77) + "...";
    }

    private static String lines(List<Integer> candidates) {
        String shown = candidates.stream().limit(12).map(String::valueOf).collect(Collectors.joining(", "));
        return candidates.size() > 12 ? shown + " (and " + (candidates.size() - 12) + " more)" : shown;
    }
}
