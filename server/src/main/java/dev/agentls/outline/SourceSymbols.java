package dev.agentls.outline;

import java.util.List;

/**
 * What the repo map keeps of one source file: its definitions (with the source line that names each, as the map
 * shows it) and the identifiers its code uses, as parallel arrays so tens of thousands of files fit in a few
 * megabytes. No file text is kept. {@code contentHash} identifies the content this was extracted from, so a file
 * whose content comes back (an undo, a branch switch) is not parsed again.
 */
record SourceSymbols(String contentHash, List<Tag> definitions, String[] referenced, int[] counts) {

    /** One definition: its name, kind, 1-based name line, nesting depth, and the trimmed line that declares it. */
    record Tag(String name, String kind, int line, int depth, String signature) {}

    SourceSymbols {
        definitions = List.copyOf(definitions);
        if (referenced.length != counts.length) {
            throw new IllegalArgumentException("names and counts differ in length");
        }
    }
}
