package dev.agentls.session;

import dev.agentls.agent.AgentEvent;
import dev.agentls.tools.ToolKind;
import java.util.Optional;

/** A tool call in a few words for the progress line: {@code editing src/Foo.java}, {@code running `npm test`}. */
public final class ToolCallText {

    private ToolCallText() {}

    public static String of(AgentEvent.ToolCall call) {
        Optional<String> verb = call.arguments().verb();
        if (call.arguments().kind() == ToolKind.RUN) {
            return call.arguments().subject().map(command -> verb.orElse("running") + " `"
                    + RunTranscript.firstLine(command) + "`").orElse("running a command");
        }
        if (verb.isPresent()) {
            return call.arguments().file().map(file -> verb.get() + " " + RunTranscript.firstLine(file))
                    .orElse(verb.get());
        }
        return call.name().replace('_', ' ');
    }
}
