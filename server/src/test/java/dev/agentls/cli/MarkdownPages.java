package dev.agentls.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The user documentation as the documentation tests read it: README.md and every page under docs/, each cut into
 * its code (each line of a fenced block, each inline code span) and its table rows. Only as much Markdown as the
 * pages use; a test names a page by its path from the repository root.
 */
record MarkdownPages(Path root, List<Page> pages) {

    /** One page: its path from the repository root and its text. */
    record Page(String path, String text) {

        /** Every piece of code on the page: each line of a fenced block, then each inline code span elsewhere. */
        List<String> code() {
            List<String> code = new ArrayList<>();
            StringBuilder prose = new StringBuilder();
            boolean fenced = false;
            for (String line : text.split("\n", -1)) {
                if (line.strip().startsWith("```")) {
                    fenced = !fenced;
                } else if (fenced) {
                    code.add(line);
                } else {
                    prose.append(line).append('\n');
                }
            }
            Matcher span = INLINE_CODE.matcher(prose);
            while (span.find()) {
                code.add(span.group(1));
            }
            return code;
        }

        /** The cells of every table row outside fenced blocks (header and divider rows included). */
        List<List<String>> tableRows() {
            List<List<String>> rows = new ArrayList<>();
            boolean fenced = false;
            for (String line : text.split("\n", -1)) {
                if (line.strip().startsWith("```")) {
                    fenced = !fenced;
                } else if (!fenced && line.startsWith("|")) {
                    List<String> cells = new ArrayList<>();
                    // A `\|` inside a cell is text, not a border.
                    for (String cell : line.replace("\\|", "\u0000").split("\\|", -1)) {
                        cells.add(cell.replace("\u0000", "|").strip());
                    }
                    rows.add(cells.subList(1, Math.max(1, cells.size() - 1)));
                }
            }
            return rows;
        }
    }

    private static final Pattern INLINE_CODE = Pattern.compile("`([^`\n]+)`");

    /** README.md and docs/**.md under the repository root the build names ({@code agentls.repoRoot}). */
    static MarkdownPages ofRepository() {
        String configured = System.getProperty("agentls.repoRoot");
        Path root = (configured == null ? Path.of("..") : Path.of(configured)).toAbsolutePath().normalize();
        List<Page> pages = new ArrayList<>();
        pages.add(read(root, root.resolve("README.md")));
        try (Stream<Path> files = Files.walk(root.resolve("docs"))) {
            files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(f -> pages.add(read(root, f)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new MarkdownPages(root, pages);
    }

    /** The page at this path from the root; fails naming the path when there is none. */
    Page page(String path) {
        return pages.stream().filter(p -> p.path().equals(path)).findFirst()
                .orElseThrow(() -> new AssertionError(path + " is missing"));
    }

    private static Page read(Path root, Path file) {
        try {
            return new Page(root.relativize(file).toString().replace('\\', '/'), Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
