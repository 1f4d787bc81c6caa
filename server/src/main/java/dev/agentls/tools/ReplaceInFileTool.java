package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.edit.BlockMatch;
import dev.agentls.edit.EditOutcome;
import dev.agentls.edit.FileEditBlocks;
import dev.agentls.edit.ParseOutcome;
import dev.agentls.edit.SearchReplaceBlock;
import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.SearchReplaceParser;
import dev.agentls.host.EditTexts;
import dev.agentls.host.FileChange;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code replace_in_file}: SEARCH/REPLACE blocks applied to one file's current text by the edit engine, all or none.
 * The engine's failure facts (which block, the closest lines and their similarity, every ambiguous candidate) are
 * passed on as they are. A missing file is created only by a single block with an empty SEARCH. Refuses a diff whose
 * {@code <file-edit>} wrapper names another file, and files outside the workspace or denied.
 */
public final class ReplaceInFileTool implements Tool {

    /** The name a model calls it by. */
    public static final String NAME = "replace_in_file";

    private final WorkspaceFiles files;
    private final SearchReplaceParser parser;
    private final SearchReplaceEngine engine;

    public ReplaceInFileTool(WorkspaceFiles files, SearchReplaceParser parser, SearchReplaceEngine engine) {
        this.files = files;
        this.parser = parser;
        this.engine = engine;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ToolKind kind() {
        return ToolKind.EDIT;
    }

    @Override
    public Optional<String> verb() {
        return Optional.of("editing");
    }

    @Override
    public String description() {
        return """
                Changes parts of an existing file with one or more SEARCH/REPLACE blocks. Each SEARCH quotes lines \
                of the current file exactly (whole lines, with their indentation, enough of them to be unique); its \
                REPLACE is what they become. Blocks apply in file order; if any block does not match, nothing is \
                changed and the answer says which block failed and the closest lines, so you can retry with better \
                context. To delete lines, leave REPLACE empty; an empty SEARCH as the only block replaces the whole \
                file.""";
    }

    @Override
    public String xmlExample() {
        return """
                <replace_in_file>
                <path>src/main/java/demo/App.java</path>
                <diff>
                ------- SEARCH
                    public String greet(String name) {
                        return greeting + ", " + name + "!";
                =======
                    public String greet(String name) {
                        return greeting + ", " + name.strip() + "!";
                +++++++ REPLACE
                </diff>
                </replace_in_file>""";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                Parameter.filePath("The file to change, relative to the workspace root."),
                Parameter.required("diff", Parameter.Type.STRING,
                        "One or more SEARCH/REPLACE blocks (------- SEARCH / ======= / +++++++ REPLACE).")
                        .maxLength(Parameter.LONG),
                Parameter.explanation());
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        try {
            ResolvedPath path = files.resolve(name(), arguments.string(Parameter.PATH));
            List<SearchReplaceBlock> blocks = blocks(path, arguments.string("diff"));
            if (!files.exists(path)) {
                if (blocks.size() != 1 || !blocks.get(0).search().isEmpty()) {
                    throw new ToolRefusal(name() + ": '" + path.display() + "' does not exist; create it with"
                            + " write_to_file (or one block with an empty SEARCH)");
                }
                String text = blocks.get(0).replace();
                return files.change(name(), context, path, new FileChange.Create(path.absolute(), text),
                        ToolResult.success("Created " + path.display() + ".", report(path, List.of())));
            }
            Snapshot current = files.read(name(), path);
            EditOutcome outcome = engine.apply(path.display(), EditTexts.of(current), blocks);
            if (outcome instanceof EditOutcome.Refused refused) {
                throw new ToolRefusal(name() + ": " + path.display() + ": " + refused.failure().message()
                        + " Nothing was changed.");
            }
            EditOutcome.Applied applied = (EditOutcome.Applied) outcome;
            ObjectNode data = report(path, applied.matches());
            if (applied.newText().equals(current.text())) {
                data.put("changed", false);
                return CompletableFuture.completedFuture(ToolResult.success("The blocks matched but change nothing in "
                        + path.display() + "; the file already reads that way.", data));
            }
            data.put("changed", true);
            return files.change(name(), context, path,
                    new FileChange.Modify(path.absolute(), current.version(), current.text(), applied.newText()),
                    ToolResult.success(summary(path, applied.matches()), data));
        } catch (ToolRefusal refusal) {
            return CompletableFuture.completedFuture(ToolResult.failure(refusal.getMessage()));
        }
    }

    /** The diff's blocks; a {@code <file-edit>} wrapper may only name the target file itself. */
    private List<SearchReplaceBlock> blocks(ResolvedPath target, String diff) {
        ParseOutcome parsed = parser.parse(diff);
        if (parsed instanceof ParseOutcome.Malformed malformed) {
            throw new ToolRefusal(name() + ": the diff is malformed: " + malformed.failure().message()
                    + " Nothing was changed.");
        }
        List<FileEditBlocks> edits = ((ParseOutcome.Parsed) parsed).files();
        List<SearchReplaceBlock> blocks = new ArrayList<>();
        for (FileEditBlocks edit : edits) {
            if (edit.filePath().isPresent()) {
                ResolvedPath named = files.resolve(name(), edit.filePath().get());
                if (!named.absolute().equals(target.absolute())) {
                    throw new ToolRefusal(name() + ": the diff edits '" + named.display() + "' but path is '"
                            + target.display() + "'; one call changes one file. Nothing was changed.");
                }
            }
            for (SearchReplaceBlock block : edit.blocks()) {
                blocks.add(new SearchReplaceBlock(blocks.size() + 1, block.search(), block.replace()));
            }
        }
        return blocks;
    }

    private static ObjectNode report(ResolvedPath path, List<BlockMatch> matches) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("path", path.display());
        ArrayNode blocks = data.putArray("blocks");
        for (BlockMatch match : matches) {
            ObjectNode block = blocks.addObject();
            block.put("block", match.number());
            block.put("strategy", match.strategy());
            block.put("startLine", match.startLine());
            block.put("endLine", match.endLine());
        }
        return data;
    }

    private static String summary(ResolvedPath path, List<BlockMatch> matches) {
        StringBuilder text = new StringBuilder("Applied " + matches.size()
                + (matches.size() == 1 ? " block" : " blocks") + " to " + path.display() + ":");
        for (BlockMatch match : matches) {
            text.append("\n- block ").append(match.number()).append(": lines ").append(match.startLine()).append('-')
                    .append(match.endLine()).append(" (").append(match.strategy()).append(" match)");
        }
        return text.toString();
    }
}
