package dev.agentls.agent;

import dev.agentls.conversation.StoppedCalls;
import dev.agentls.llm.ToolCall;
import dev.agentls.tools.Tool;
import dev.agentls.tools.ToolSet;

/**
 * What the model reads for a call the agent stopped during, by what the call's tool can do: a tool that changes no
 * files and runs nothing ({@link Tool#readOnly}: read_file, list_dir, grep_search...) had no effect on files; any
 * other call's effect is not known ({@link StoppedCalls.Note#UNKNOWN_EFFECT}).
 */
public final class StoppedCallNote implements StoppedCalls.Note {

    private final ToolSet tools;

    public StoppedCallNote(ToolSet tools) {
        this.tools = tools;
    }

    @Override
    public String about(ToolCall call) {
        if (!tools.find(call.name()).map(Tool::readOnly).orElse(false)) {
            return StoppedCalls.Note.UNKNOWN_EFFECT.about(call);
        }
        return call.name() + ": no result: the agent stopped during this call (it was killed or crashed) before its"
                + " result was saved. " + call.name() + " changes no files and runs nothing, so the call had no effect"
                + " on files; make it again if you still need its result.";
    }
}
