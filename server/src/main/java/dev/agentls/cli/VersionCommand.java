package dev.agentls.cli;

import java.util.List;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Properties;

/** {@code agentls version}: prints the build's version (the pom's). */
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
    public CommandHelp help() {
        return new CommandHelp("usage: agentls version", "Prints the version of this build of agentls.", List.of());
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws UsageException {
        if (args.length != 0) {
            throw new UsageException("takes no arguments");
        }
        out.println("agentls " + version());
        return 0;
    }

    /** The pom's version, from the resource Maven filters at build time; "dev" when run from unbuilt sources. */
    static String version() {
        try (InputStream in = VersionCommand.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "dev";
            }
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version", "dev");
            return version.startsWith("${") ? "dev" : version;
        } catch (IOException e) {
            return "dev";
        }
    }
}
