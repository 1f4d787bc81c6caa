package dev.agentls.tools;

import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.SearchReplaceParser;
import dev.agentls.edit.lazy.LazyMerger;
import dev.agentls.outline.Outliner;
import dev.agentls.tools.command.CommandRunner;
import java.nio.file.Path;
import java.util.List;

/** The explicit list of every tool the agent has, wired to one workspace. Adding a tool is one line here. */
public final class StandardTools {

    private StandardTools() {}

    /**
     * @param files the workspace the file tools read and the checker confines commands to
     * @param search the warm index the search tools query
     * @param merger merges {@code edit_file}'s lazy edits
     * @param outliner outlines files for {@code list_code_definition_names}
     * @param runner runs {@code execute_command}'s commands
     * @param home the user's home folder, which {@code ~} means to the command checker
     */
    public static ToolSet create(WorkspaceFiles files, WorkspaceSearch search, LazyMerger merger, Outliner outliner,
                                 CommandRunner runner, Path home) {
        return new ToolSet(List.of(
                new ReadFileTool(files),
                new ReplaceInFileTool(files, new SearchReplaceParser(), new SearchReplaceEngine()),
                new EditFileTool(files, merger),
                new WriteToFileTool(files),
                new DeleteFileTool(files),
                new GrepSearchTool(search),
                new FileSearchTool(search),
                new ListDirTool(files, search),
                new ListCodeDefinitionNamesTool(files, outliner, search.executor()),
                new ExecuteCommandTool(files.roots(), home, new WorkspacePathGuard(files.roots(), files.policy()),
                        runner, () -> search.index().rescan()),
                new AskFollowupQuestionTool(),
                new CreatePlanTool(),
                new CompleteStepTool(),
                new AttemptCompletionTool()));
    }
}
