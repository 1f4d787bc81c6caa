package dev.agentls.agent;

import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** The four ways a model can be spoken to: both protocols, each with native tool calls and with XML tags. */
final class Protocols {

    private Protocols() {}

    static Stream<Arguments> all() {
        return Stream.of(
                Arguments.of(Provider.OPENAI, ToolMode.NATIVE),
                Arguments.of(Provider.OPENAI, ToolMode.XML),
                Arguments.of(Provider.ANTHROPIC, ToolMode.NATIVE),
                Arguments.of(Provider.ANTHROPIC, ToolMode.XML));
    }
}
