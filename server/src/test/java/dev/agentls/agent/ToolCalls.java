package dev.agentls.agent;

import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.SearchReplaceParser;
import dev.agentls.tools.AskFollowupQuestionTool;
import dev.agentls.tools.AttemptCompletionTool;
import dev.agentls.tools.CompleteStepTool;
import dev.agentls.tools.CreatePlanTool;
import dev.agentls.tools.DeleteFileTool;
import dev.agentls.tools.EditFileTool;
import dev.agentls.tools.ExecuteCommandTool;
import dev.agentls.tools.FileSearchTool;
import dev.agentls.tools.GrepSearchTool;
import dev.agentls.tools.ListDirTool;
import dev.agentls.tools.ReadFileTool;
import dev.agentls.tools.ReplaceInFileTool;
import dev.agentls.tools.ToolSet;
import dev.agentls.tools.WriteToFileTool;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code tool_call} events for listener tests, their arguments read as a run reads them: by the real tool classes'
 * names and parameters (the tools are never run, so they need no workspace).
 */
public final class ToolCalls {

    private static final ToolSet SHAPES = new ToolSet(List.of(new ReadFileTool(null),
            new ReplaceInFileTool(null, new SearchReplaceParser(), new SearchReplaceEngine()),
            new EditFileTool(null, null), new WriteToFileTool(null), new DeleteFileTool(null), new GrepSearchTool(null),
            new FileSearchTool(null), new ListDirTool(null, null),
            new ExecuteCommandTool(null, Path.of("/"), null, null, () -> { }), new AskFollowupQuestionTool(),
            new CreatePlanTool(), new CompleteStepTool(), new AttemptCompletionTool()));

    private ToolCalls() {}

    /** A {@code tool_call} of tool {@code name} with these argument text and explanation. */
    public static AgentEvent.ToolCall event(String runId, long seq, String callId, String name, String arguments,
                                            String explanation) {
        return new AgentEvent.ToolCall(runId, seq, callId, name, CallArguments.read(name, arguments, SHAPES),
                explanation);
    }
}
