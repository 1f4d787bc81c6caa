package dev.agentls.cli;

import java.io.PrintStream;

/** One verb of the {@code agentls} command line. */
interface Subcommand {

    String name();

    /** One line for the usage listing. */
    String summary();

    /** What {@code --help} prints: the usage, and every option with its values and default. */
    CommandHelp help();

    /** Whether the usage listing leaves this verb out (developer tools). */
    default boolean hidden() {
        return false;
    }

    /**
     * Runs the verb.
     *
     * @return the process exit status
     * @throws UsageException when the arguments are malformed; the message says what to change
     */
    int run(String[] args, PrintStream out, PrintStream err) throws UsageException;
}
