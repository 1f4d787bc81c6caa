package dev.agentls.cli;

/** Test terminals for {@link RunCommand}. */
final class RunCommandTests {

    private RunCommandTests() {}

    /** Output to a pipe, and no interrupt ever. */
    static RunCommand.Terminal notATerminal() {
        return new RunCommand.Terminal() {
            @Override
            public boolean interactive() {
                return false;
            }

            @Override
            public Runnable onInterrupt(Runnable cancel) {
                return () -> { };
            }
        };
    }
}
