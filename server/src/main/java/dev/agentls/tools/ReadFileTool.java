package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.workspace.LineEnding;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.Snapshot;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code read_file}: a file's current text (the editor's unsaved buffer when open, else disk), whole by default or a
 * line range. A file past {@value #MAX_LINES} lines or {@value #MAX_BYTES} bytes is not sent whole: the answer is a
 * preview of its first lines with the line count, asking for ranges; a range is bounded the same way.
 *
 * <p>Lines are not numbered: the text is exactly what a SEARCH block must quote, so it can be copied verbatim. A
 * header line gives the path and the line range (and says when the file is an editor buffer or uses CRLF), from
 * which any line's number follows. Refuses folders, binary files, files outside the workspace and denied files.
 */
public final class ReadFileTool implements Tool {

    /** The name a model calls it by. */
    public static final String NAME = "read_file";
    /** The parameter of the first line to read. */
    public static final String START_LINE = "start_line";
    /** The parameter of the last line to read. */
    public static final String END_LINE = "end_line";

    static final int MAX_LINES = 2_000;
    static final int MAX_BYTES = 256 * 1024;
    static final int PREVIEW_LINES = 100;

    private final WorkspaceFiles files;

    public ReadFileTool(WorkspaceFiles files) {
        this.files = files;
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ToolKind kind() {
        return ToolKind.READ;
    }

    @Override
    public Optional<String> verb() {
        return Optional.of("reading");
    }

    @Override
    public String description() {
        return Descriptions.fill("""
                Reads a file of the workspace: the editor's unsaved text when the file is open, else the file on \
                disk. Without start_line and end_line it returns the whole file; a file longer than %d lines or %d \
                KiB returns a preview of its first %d lines and its line count, so read it in ranges. Lines are \
                1-based and inclusive; the text comes without line numbers, exactly as a SEARCH block must quote it, \
                after a header line naming the lines shown. Binary files, folders and secret files (.env, keys) are \
                refused.""", MAX_LINES, MAX_BYTES / 1024, PREVIEW_LINES);
    }

    @Override
    public String xmlExample() {
        return """
                <read_file>
                <path>src/main/java/demo/App.java</path>
                <start_line>1</start_line>
                <end_line>80</end_line>
                </read_file>""";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                Parameter.filePath("The file to read, relative to the workspace root (or absolute inside it)."),
                Parameter.optional(START_LINE, Parameter.Type.POSITIVE_INTEGER,
                        "The first line to read (1-based); default 1."),
                Parameter.optional(END_LINE, Parameter.Type.POSITIVE_INTEGER,
                        "The last line to read (inclusive); default the end of the file."),
                Parameter.explanation());
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        try {
            return CompletableFuture.completedFuture(read(arguments));
        } catch (ToolRefusal refusal) {
            return CompletableFuture.completedFuture(ToolResult.failure(refusal.getMessage()));
        }
    }

    private ToolResult read(Arguments arguments) {
        ResolvedPath path = files.resolve(name(), arguments.string(Parameter.PATH));
        WorkspaceFiles.ReadableText readable = files.readForReading(name(), path);
        Snapshot snapshot = readable.snapshot();
        List<String> lines = lines(snapshot.text());
        int total = lines.size();
        boolean ranged = arguments.has(START_LINE) || arguments.has(END_LINE);
        int start = arguments.optionalInt(START_LINE).orElse(1);
        int end = arguments.optionalInt(END_LINE).orElse(Math.max(total, 1));
        if (ranged) {
            if (start > Math.max(total, 1)) {
                throw new ToolRefusal(name() + ": start_line " + start + " is past the end of '" + path.display()
                        + "', which has " + total + " lines");
            }
            if (end < start) {
                throw new ToolRefusal(name() + ": end_line " + end + " is before start_line " + start);
            }
            end = Math.min(end, total);
        }
        long bytes = snapshot.text().getBytes(StandardCharsets.UTF_8).length;
        boolean preview = !ranged && (total > MAX_LINES || bytes > MAX_BYTES);
        if (preview) {
            end = Math.min(PREVIEW_LINES, total);
        }
        StringBuilder body = new StringBuilder();
        int shownEnd = start - 1;
        long shownBytes = 0;
        boolean stopped = false;
        for (int line = start; line <= end && line <= total; line++) {
            String text = lines.get(line - 1);
            int size = text.getBytes(StandardCharsets.UTF_8).length + 1;
            if (line - start >= MAX_LINES || (shownBytes + size > MAX_BYTES && line > start)) {
                stopped = true;
                break;
            }
            if (size > MAX_BYTES) {
                // One line longer than a whole read (minified code, data): show its start, say so.
                String cut = prefixOfBytes(text, MAX_BYTES);
                body.append(cut).append("\n[line ").append(line).append(" is ").append(size - 1)
                        .append(" bytes long; only its first ").append(cut.getBytes(StandardCharsets.UTF_8).length)
                        .append(" bytes are shown]\n");
                shownBytes += MAX_BYTES;
                shownEnd = line;
                continue;
            }
            body.append(text).append('\n');
            shownBytes += size;
            shownEnd = line;
        }
        String note = "";
        if (preview) {
            note = "\n[" + path.display() + " has " + total + " lines (" + kib(bytes) + "), more than one read "
                    + "returns (" + MAX_LINES + " lines or " + MAX_BYTES / 1024 + " KiB); this is a preview of lines 1-"
                    + shownEnd + ". Read the rest in ranges with start_line and end_line.]";
        } else if (stopped) {
            note = "\n[stopped at line " + shownEnd + ": one read returns at most " + MAX_LINES + " lines or "
                    + MAX_BYTES / 1024 + " KiB; continue with start_line " + (shownEnd + 1) + ".]";
        }
        String header = header(path, snapshot, start, shownEnd, total, readable.foreignEncoding());
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("path", path.display());
        data.put("startLine", total == 0 ? 0 : start);
        data.put("endLine", shownEnd);
        data.put("totalLines", total);
        data.put("complete", start == 1 && shownEnd == total);
        snapshot.version().ifPresent(v -> data.put("editorVersion", v));
        data.put("lineEnding", snapshot.format().lineEnding().name());
        data.put("bom", snapshot.format().bom());
        readable.foreignEncoding().ifPresent(encoding -> {
            data.put("encoding", encoding);
            data.put("editable", false);
        });
        return ToolResult.success(header + "\n" + body + note, data);
    }

    private static String header(ResolvedPath path, Snapshot snapshot, int start, int end, int total,
                                 Optional<String> foreignEncoding) {
        List<String> facts = new ArrayList<>();
        if (total == 0) {
            facts.add("empty file");
        } else if (start == 1 && end == total) {
            facts.add(total + (total == 1 ? " line" : " lines"));
        } else {
            facts.add("lines " + start + "-" + end + " of " + total);
        }
        snapshot.version().ifPresent(v -> facts.add("unsaved editor buffer, version " + v));
        if (snapshot.format().lineEnding() != LineEnding.LF) {
            facts.add(snapshot.format().lineEnding().name() + " line endings, shown as LF");
        }
        if (!snapshot.format().finalNewline() && total > 0) {
            facts.add("no newline at end of file");
        }
        foreignEncoding.ifPresent(encoding -> facts.add("decoded from " + encoding
                + " (not UTF-8): read-only, edits to this file are refused"));
        return "[" + path.display() + ": " + String.join("; ", facts) + "]";
    }

    /** The file's lines without their line breaks (CRLF, CR or LF); a final line break starts no extra line. */
    static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                lines.add(text.substring(start, i));
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        if (start < text.length()) {
            lines.add(text.substring(start));
        }
        return lines;
    }

    /** The longest prefix of {@code text} whose UTF-8 encoding fits {@code maxBytes}, never splitting a character. */
    static String prefixOfBytes(String text, int maxBytes) {
        int bytes = 0;
        int end = 0;
        while (end < text.length()) {
            int codePoint = text.codePointAt(end);
            int size = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
            if (bytes + size > maxBytes) {
                break;
            }
            bytes += size;
            end += Character.charCount(codePoint);
        }
        return text.substring(0, end);
    }

    private static String kib(long bytes) {
        return bytes < 1024 ? bytes + " bytes" : String.format(java.util.Locale.ROOT, "%.1f KiB", bytes / 1024.0);
    }
}
