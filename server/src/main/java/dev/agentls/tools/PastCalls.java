package dev.agentls.tools;

import java.util.List;
import java.util.Objects;

/**
 * The successful tool calls the model made earlier in its conversation, which tell a tool what the model has seen
 * ({@code write_to_file} replaces only a file it read). Calls a user makes by hand ({@code agentls.runTool}) have no
 * model behind them: {@link #BY_HAND} knows no calls and asks nothing of them.
 */
public interface PastCalls {

    /** One successful call: the tool's name and its arguments as the model wrote them (JSON text). */
    record Call(String tool, String argumentsJson) {
        public Call {
            Objects.requireNonNull(tool, "tool");
            Objects.requireNonNull(argumentsJson, "argumentsJson");
        }
    }

    /** The successful calls so far, oldest first. */
    List<Call> successful();

    /** Whether a model makes the calls (and so must have read a file before replacing it). */
    default boolean byModel() {
        return true;
    }

    /** For calls no model makes: nothing was read and nothing has to be. */
    PastCalls BY_HAND = new PastCalls() {
        @Override
        public List<Call> successful() {
            return List.of();
        }

        @Override
        public boolean byModel() {
            return false;
        }
    };
}
