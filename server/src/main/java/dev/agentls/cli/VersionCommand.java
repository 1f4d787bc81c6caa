package dev.agentls.cli;

import java.io.PrintStream;

/** {@code agentls version}: prints the build's version. */
final class VersionCommand implements Subcommand {

    @Override
    public String name() {
        return "version";
    }

    @Override
    public String summary() {
        return "print the version";
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws UsageException {
        if (args.length != 0) {
            throw new UsageException("takes no arguments");
        }
        String version = Main.class.getPackage().getImplementationVersion();
        out.println("agentls " + (version == null ? "dev" : version));
        return 0;
    }
}
