package dev.agentls.cli;

import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.lazy.LazyMerger;
import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.EditPlan;
import dev.agentls.host.EditPlanner;
import dev.agentls.host.FileChange;
import dev.agentls.workspace.LineDelta;
import dev.agentls.host.LazyEditPlanner;
import dev.agentls.workspace.AtomicWriter;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.WorkspaceRoots;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code agentls apply [--workspace DIR] [--file PATH] [--lazy] [EDIT_FILE | -]}: applies SEARCH/REPLACE blocks (bare,
 * or in {@code <file-edit filePath="...">} wrappers) to files on disk; with {@code --lazy}, a lazy edit
 * ({@code // ... existing code ...} standing for kept code) merged into the one file {@code --file} names. Every file's edit is resolved before anything
 * is written, so a single failing block, path or file leaves every file as it was (exit 1). Prints each changed
 * file with its blocks (matching stage, lines) and +/- line counts. Paths are relative to the workspace.
 */
final class ApplyCommand implements Subcommand {

    private static final String USAGE = "usage: agentls apply [--workspace DIR] [--file PATH] [--lazy] [EDIT_FILE | -]";
    private static final long MAX_EDIT_BYTES = 16L * 1024 * 1024;

    private final InputStream stdin;

    ApplyCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public String name() {
        return "apply";
    }

    @Override
    public String summary() {
        return "apply SEARCH/REPLACE (or, with --lazy, '... existing code ...') edits to files on disk";
    }

    private record Options(Path workspace, Optional<String> file, boolean lazy, String source) {}

    @Override
    public CommandHelp help() {
        return new CommandHelp(USAGE, "Applies SEARCH/REPLACE blocks (bare or in <file-edit filePath=...> wrappers)"
                + " from EDIT_FILE, or from stdin with -, to the files on disk: every block resolves or nothing is"
                + " written.", List.of(
                new CommandHelp.Option("--workspace", "DIR", "the current folder", "the folder the paths are under"),
                new CommandHelp.Option("--file", "PATH", "", "the file a lazy edit or bare blocks apply to"),
                new CommandHelp.Option("--lazy", "", "off", "merge a lazy edit ('... existing code ...') into --file")));
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws UsageException {
        Options options = parse(args);
        if (options.lazy() && options.file().isEmpty()) {
            throw new UsageException("--lazy needs --file PATH: a lazy edit does not name its file (" + USAGE + ")");
        }
        if (!Files.isDirectory(options.workspace())) {
            throw new UsageException("--workspace " + options.workspace() + " is not a folder");
        }
        String edit = readEdit(options.source());
        WorkspaceRoots roots = new WorkspaceRoots(List.of(options.workspace()));
        DocumentStore documents = new DocumentStore();
        EditPlan plan = options.lazy()
                ? new LazyEditPlanner(roots, documents, new LazyMerger())
                        .plan(options.file().orElseThrow(), edit)
                : new EditPlanner(roots, documents, new SearchReplaceEngine()).plan(edit, options.file());
        if (plan instanceof EditPlan.Refused refused) {
            err.println("agentls apply: refused, nothing was written: " + refused.message());
            return 1;
        }
        EditPlan.Ready ready = (EditPlan.Ready) plan;
        TerminalHost host = new TerminalHost(documents, new AtomicWriter(), TerminalHost.Prompter.none(), err);
        ChangeOutcome outcome = host.applyChanges(ready.changes()).join();
        if (outcome instanceof ChangeOutcome.Refused refused) {
            err.println("agentls apply: " + refused.reason());
            return 1;
        }
        for (EditPlan.PlannedFile file : ready.files()) {
            report(file, out);
        }
        return 0;
    }

    private static void report(EditPlan.PlannedFile file, PrintStream out) {
        FileChange change = file.change();
        LineDelta counts = change.lineDelta();
        String verb = change instanceof FileChange.Create ? "created" : "modified";
        out.printf("%s: %s, +%d -%d%n", file.path().display(), verb, counts.added(), counts.removed());
        for (EditPlan.BlockReport block : file.blocks()) {
            String lines = block.startLine() == block.endLine() ? "line " + block.startLine()
                    : "lines " + block.startLine() + "-" + block.endLine();
            out.printf("  block %d: %s, %s%n", block.index(), block.strategy(), lines);
        }
    }

    private static Options parse(String[] args) throws UsageException {
        Path workspace = Path.of("").toAbsolutePath();
        Optional<String> file = Optional.empty();
        boolean lazy = false;
        String source = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--workspace" -> workspace = Path.of(value(args, ++i, arg)).toAbsolutePath().normalize();
                case "--file" -> file = Optional.of(value(args, ++i, arg));
                case "--lazy" -> lazy = true;
                case "-h", "--help" -> throw new UsageException(USAGE);
                default -> {
                    if (arg.startsWith("--")) {
                        throw UsageException.unknownOption(arg, USAGE);
                    }
                    if (source != null) {
                        throw new UsageException("takes one EDIT_FILE, got '" + ShownArgument.of(source) + "' and '"
                                + ShownArgument.of(arg) + "'");
                    }
                    source = arg;
                }
            }
        }
        return new Options(workspace, file, lazy, source == null ? "-" : source);
    }

    private static String value(String[] args, int index, String option) throws UsageException {
        if (index >= args.length) {
            throw new UsageException(option + " needs a value (" + USAGE + ")");
        }
        return args[index];
    }

    private String readEdit(String source) throws UsageException {
        byte[] bytes;
        try {
            if (source.equals("-")) {
                bytes = stdin.readNBytes((int) MAX_EDIT_BYTES + 1);
            } else {
                Path path = Path.of(source);
                if (!Files.isRegularFile(path)) {
                    throw new UsageException("edit file " + source + " does not exist or is not a file");
                }
                if (Files.size(path) > MAX_EDIT_BYTES) {
                    throw new UsageException("edit file " + source + " is larger than " + MAX_EDIT_BYTES + " bytes");
                }
                bytes = Files.readAllBytes(path);
            }
        } catch (IOException e) {
            throw new UsageException("cannot read the edit from " + source + ": " + e.getMessage());
        }
        if (bytes.length > MAX_EDIT_BYTES) {
            throw new UsageException("the edit on stdin is larger than " + MAX_EDIT_BYTES + " bytes");
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new UsageException("the edit in " + (source.equals("-") ? "stdin" : source) + " is not valid UTF-8");
        }
    }
}
