package dev.agentls.tools.command;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Decides whether a command line may run without asking the user. It parses the line as bash would
 * ({@link ShellParser}), follows wrappers ({@code timeout}, {@code env}, {@code xargs}, {@code find -exec},
 * {@code sh -c}, {@code eval}, ...) into the commands they run, and lets the line run unasked only when every command
 * in it is on the read-only list and writes nothing, runs nothing and reaches nothing outside the workspace; anything
 * else, and what it cannot parse, needs approval, with a reason per fact found. It refuses outright a command that
 * names a denied file. A checker errs towards asking: a false prompt costs a click, a missed one may cost data.
 */
public final class CommandSafety {

    private final Path workingDirectory;
    private final Path home;
    private final PathGuard guard;

    /**
     * @param workingDirectory where commands run (the primary workspace root)
     * @param home the user's home folder, which {@code ~} and {@code $HOME} expand to
     * @param guard confinement and the deny list
     */
    public CommandSafety(Path workingDirectory, Path home, PathGuard guard) {
        this.workingDirectory = workingDirectory.toAbsolutePath().normalize();
        this.home = home.toAbsolutePath().normalize();
        this.guard = Objects.requireNonNull(guard, "guard");
    }

    public CommandVerdict check(String commandLine) {
        if (commandLine.indexOf('\0') >= 0) {
            return new CommandVerdict.NeedsApproval(List.of("the command contains a NUL character"));
        }
        List<SimpleCommand> commands;
        try {
            commands = ShellParser.parse(commandLine);
        } catch (ShellSyntaxException e) {
            return new CommandVerdict.NeedsApproval(List.of("cannot check the command: " + e.getMessage()));
        }
        Inspection inspection = new Inspection(workingDirectory, home, guard);
        inspection.inspect(commands);
        return inspection.verdict();
    }
}
