package dev.agentls.bench;

import dev.agentls.edit.EditOutcome;
import dev.agentls.edit.ParseOutcome;
import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.SearchReplaceParser;
import dev.agentls.host.EditTexts;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.Snapshot;
import dev.agentls.workspace.TextDecoder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The edit engine on the anchor's own bytes ({@link AnchorShapes}), timed as the anchor was: one call on a text
 * already in memory, parsing the diff included. The call answers the outcome with its new text unbuilt (built on the
 * first {@code newText()}, as the anchor's V8 returns a rope it flattens only when read);
 * {@link #openBufferTextBuilt} times the same call plus that first {@code newText()}. Two ways in, each what a real
 * call gets:
 * <ul>
 *   <li>{@link #openBuffer}: the file is open in the editor. The text and its line starts are what
 *       {@code DocumentStore.snapshot} hands a tool for that buffer version (the starts are built once, when the
 *       version arrives at {@code didOpen}/{@code didChange}, not in the call); the call is what
 *       {@code replace_in_file} does with it: {@code EditTexts.of(snapshot)}, parse, {@code apply}.</li>
 *   <li>{@link #diskRead}: the file is not open; the store read it from disk, and for well-formed UTF-8 its reader
 *       found the line starts in the same pass ({@link #decode} times that read, bytes to snapshot).</li>
 *   <li>{@link #plainString}: the text alone, whose lines nobody indexed (what a caller without a snapshot gets);
 *       the engine counts what it needs.</li>
 * </ul>
 * The outcome is checked by {@link EditBench} before timing (printed, never assumed).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class AnchorShapesBench {

    @Param({"i_exact_50k"})
    public String shape;

    private final SearchReplaceEngine engine = new SearchReplaceEngine();
    private final SearchReplaceParser parser = new SearchReplaceParser();
    private String original;
    private String diff;
    private Snapshot snapshot;
    private Snapshot fromDisk;
    private byte[] bytes;
    private Path dir;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        Path folder = AnchorShapes.folder().orElseThrow(() -> new IllegalStateException("no edit-bench-shapes folder"));
        AnchorShapes.Shape s = AnchorShapes.load(folder, shape);
        original = s.original();
        diff = s.diff();
        dir = Files.createTempDirectory("agentls-bench");
        Path file = dir.resolve("Shape.java");
        Files.writeString(file, original);
        DocumentStore store = new DocumentStore();
        store.didOpen(file, 1, original);
        snapshot = store.snapshot(file);
        if (!snapshot.text().equals(original) || !snapshot.lines().isBuilt()) {
            throw new IllegalStateException("the store did not hand back the open buffer with its line starts");
        }
        // The same file read from disk by a store that does not have it open, as a tool reads an unopened file.
        fromDisk = new DocumentStore().snapshot(file);
        if (!fromDisk.text().equals(original) || fromDisk.isOpen()) {
            throw new IllegalStateException("the store did not read the file from disk");
        }
        bytes = Files.readAllBytes(file);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        Files.deleteIfExists(dir.resolve("Shape.java"));
        Files.deleteIfExists(dir);
    }

    @Benchmark
    public EditOutcome openBuffer() {
        ParseOutcome.Parsed parsed = (ParseOutcome.Parsed) parser.parse(diff);
        return engine.apply(AnchorShapes.FILE_NAME, EditTexts.of(snapshot), parsed.files().get(0).blocks());
    }

    /** {@link #openBuffer} and then the new text as one {@code String}: what a caller that needs it pays. */
    @Benchmark
    public String openBufferTextBuilt() {
        return ((EditOutcome.Applied) openBuffer()).newText();
    }

    /**
     * The file as a tool gets it when it is not open: the snapshot the store read from disk (the read itself is not
     * timed, as the anchor's string was already in memory; {@link #decode} times what the reader costs).
     */
    @Benchmark
    public EditOutcome diskRead() {
        ParseOutcome.Parsed parsed = (ParseOutcome.Parsed) parser.parse(diff);
        return engine.apply(AnchorShapes.FILE_NAME, EditTexts.of(fromDisk), parsed.files().get(0).blocks());
    }

    /** Decoding the file's bytes into the snapshot a disk read gives (what {@link #diskRead} leaves out). */
    @Benchmark
    public Snapshot decode() {
        return TextDecoder.decode(dir.resolve("Shape.java"), bytes);
    }

    @Benchmark
    public EditOutcome plainString() {
        ParseOutcome.Parsed parsed = (ParseOutcome.Parsed) parser.parse(diff);
        return engine.apply(AnchorShapes.FILE_NAME, original, parsed.files().get(0).blocks());
    }
}
