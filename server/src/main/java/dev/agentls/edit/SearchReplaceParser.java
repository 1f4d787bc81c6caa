package dev.agentls.edit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a model's answer into SEARCH/REPLACE blocks per file, following EDIT-SEMANTICS "Markers" and "Malformed".
 * Owns: marker recognition (3+ characters for SEARCH/REPLACE markers; a 3-6 character divider only when no full one
 * follows before the block's REPLACE), ignoring prose and fences outside blocks, keeping fence lines inside blocks,
 * and {@code <file-edit filePath="...">} wrappers. Refuses, never guesses: a second divider, a full SEARCH marker
 * before the REPLACE marker, a REPLACE marker without divider or block, a text ending inside a block, no block at all.
 * A short (3-6 character) SEARCH marker inside an open block is file content, not a new block.
 */
public final class SearchReplaceParser {

    private static final Pattern WRAPPER_OPEN =
            Pattern.compile("<file-edit\\s+filePath\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)')\\s*>");
    private static final String WRAPPER_CLOSE = "</file-edit>";

    public ParseOutcome parse(String modelText) {
        return new Run(lines(modelText)).parse();
    }

    /** Splits on \n; a \r ending a line stays on the line's content but not in its marker test. */
    private static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        while (start <= text.length()) {
            int nl = text.indexOf('\n', start);
            if (nl < 0) {
                if (start < text.length()) {
                    lines.add(text.substring(start));
                }
                break;
            }
            lines.add(text.substring(start, nl));
            start = nl + 1;
        }
        return lines;
    }

    private static String bare(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }

    /** One parse: the state of a walk over the lines. */
    private static final class Run {
        private final List<String> lines;
        private final Map<Optional<String>, List<SearchReplaceBlock>> files = new LinkedHashMap<>();
        private Optional<String> wrapper = Optional.empty();
        private int wrapperLine;
        private int wrapperBlocks;
        private boolean sawWrapper;
        private boolean sawUnwrapped;
        private int firstUnwrapped;

        Run(List<String> lines) {
            this.lines = lines;
        }

        ParseOutcome parse() {
            int i = 0;
            while (i < lines.size()) {
                String line = bare(lines.get(i));
                String trimmed = line.strip();
                Matcher open = WRAPPER_OPEN.matcher(trimmed);
                if (open.matches()) {
                    if (wrapper.isPresent()) {
                        return malformed(0, i, "a <file-edit> wrapper opens inside the one for " + wrapper.get());
                    }
                    wrapper = Optional.of(open.group(1) != null ? open.group(1) : open.group(2));
                    sawWrapper = true;
                    wrapperLine = i;
                    wrapperBlocks = 0;
                    i++;
                    continue;
                }
                if (trimmed.equals(WRAPPER_CLOSE)) {
                    if (wrapper.isEmpty()) {
                        return malformed(0, i, "</file-edit> closes no <file-edit> wrapper");
                    }
                    if (wrapperBlocks == 0) {
                        return malformed(0, wrapperLine, "the <file-edit> wrapper for " + wrapper.get()
                                + " holds no SEARCH/REPLACE block");
                    }
                    wrapper = Optional.empty();
                    i++;
                    continue;
                }
                Marker marker = Marker.of(line);
                if (marker == Marker.REPLACE) {
                    return malformed(0, i, "a REPLACE marker with no SEARCH marker before it");
                }
                if (marker == Marker.SEARCH) {
                    try {
                        i = block(i);
                    } catch (Stop stop) {
                        return stop.outcome;
                    }
                    continue;
                }
                i++;
            }
            if (wrapper.isPresent()) {
                return malformed(0, wrapperLine, "the <file-edit> wrapper for " + wrapper.get()
                        + " is never closed with </file-edit>, so the answer may have been cut off");
            }
            if (files.isEmpty()) {
                return new ParseOutcome.Malformed(new SearchReplaceFailure.NoBlocks());
            }
            if (sawWrapper && sawUnwrapped) {
                return malformed(0, firstUnwrapped, "some blocks are inside <file-edit> wrappers and some are not,"
                        + " so it is unclear which file the others are for");
            }
            List<FileEditBlocks> out = new ArrayList<>();
            files.forEach((path, blocks) -> out.add(new FileEditBlocks(path, blocks)));
            return new ParseOutcome.Parsed(out);
        }

        /**
         * Parses the block whose SEARCH marker is at {@code start}; answers the index after its REPLACE marker.
         */
        private int block(int start) throws Stop {
            List<SearchReplaceBlock> blocks = files.computeIfAbsent(wrapper, k -> new ArrayList<>());
            int number = blocks.size() + 1;
            int divider = findDivider(start + 1);
            if (divider < 0) {
                throw new Stop(dividerProblem(number, start + 1));
            }
            int end = -1;
            boolean fullDivider = Marker.length(bare(lines.get(divider))) >= Marker.FULL_LENGTH;
            for (int i = divider + 1; i < lines.size(); i++) {
                String line = bare(lines.get(i));
                Marker m = Marker.of(line);
                if (m == Marker.REPLACE) {
                    end = i;
                    break;
                }
                if (m == Marker.DIVIDER && (Marker.length(line) >= Marker.FULL_LENGTH || !fullDivider)) {
                    throw new Stop(malformed(number, i, "a second '=======' divider in the block"));
                }
                if (m == Marker.SEARCH && Marker.length(line) >= Marker.FULL_LENGTH) {
                    throw new Stop(malformed(number, i, "a new SEARCH marker before the block's REPLACE marker"));
                }
            }
            if (end < 0) {
                throw new Stop(new ParseOutcome.Malformed(new SearchReplaceFailure.Incomplete(wrapper, number)));
            }
            blocks.add(new SearchReplaceBlock(number, join(start + 1, divider), join(divider + 1, end)));
            if (wrapper.isPresent()) {
                wrapperBlocks++;
            } else if (!sawUnwrapped) {
                sawUnwrapped = true;
                firstUnwrapped = start;
            }
            return end + 1;
        }

        /**
         * The divider of the block whose SEARCH part starts at {@code from}: the first full (7+) divider before the
         * next REPLACE marker, else the only short one; -1 when there is none or the SEARCH part is broken.
         */
        private int findDivider(int from) {
            int shortOne = -1;
            for (int i = from; i < lines.size(); i++) {
                String line = bare(lines.get(i));
                Marker m = Marker.of(line);
                if (m == Marker.DIVIDER) {
                    if (Marker.length(line) >= Marker.FULL_LENGTH) {
                        return i;
                    }
                    if (shortOne < 0) {
                        shortOne = i;
                    }
                } else if (m == Marker.REPLACE
                        || (m == Marker.SEARCH && Marker.length(line) >= Marker.FULL_LENGTH)) {
                    return shortOne;
                }
            }
            return shortOne;
        }

        /** Explains why the SEARCH part starting at {@code from} has no usable divider. */
        private ParseOutcome dividerProblem(int number, int from) {
            for (int i = from; i < lines.size(); i++) {
                String line = bare(lines.get(i));
                Marker m = Marker.of(line);
                if (m == Marker.REPLACE) {
                    return malformed(number, i, "a REPLACE marker before the block's '=======' divider");
                }
                if (m == Marker.SEARCH && Marker.length(line) >= Marker.FULL_LENGTH) {
                    return malformed(number, i, "a new SEARCH marker before the block's REPLACE marker");
                }
            }
            return new ParseOutcome.Malformed(new SearchReplaceFailure.Incomplete(wrapper, number));
        }

        private String join(int from, int to) {
            StringBuilder sb = new StringBuilder();
            for (int i = from; i < to; i++) {
                sb.append(lines.get(i)).append('\n');
            }
            return sb.toString();
        }

        private ParseOutcome malformed(int block, int index, String problem) {
            return new ParseOutcome.Malformed(new SearchReplaceFailure.Malformed(wrapper, block, index + 1, problem));
        }
    }

    /** Ends a parse early with its Malformed outcome. */
    private static final class Stop extends Exception {
        private final transient ParseOutcome outcome;

        Stop(ParseOutcome outcome) {
            super(null, null, false, false);
            this.outcome = outcome;
        }
    }
}
