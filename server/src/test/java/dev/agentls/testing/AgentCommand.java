package dev.agentls.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line that starts {@code agentls}: either a JVM on this test run's classes (what the tests of a fresh
 * checkout can start before {@code mvn package}) or the packaged launcher {@code scripts/agentls}, as a user starts it.
 * Either way the child's Java user home is the test's home, not the user's.
 */
public sealed interface AgentCommand {

    /** The full command line for these {@code agentls} arguments. */
    List<String> line(List<String> args);

    /** How failures name it: {@code agentls}, or the script's file name. */
    String name();

    /** {@code java [flags] -cp <test classpath> dev.agentls.cli.Main}. */
    record TestClasspath(Path home, List<String> jvmFlags) implements AgentCommand {
        @Override
        public List<String> line(List<String> args) {
            String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString()));
            line.addAll(jvmFlags);
            line.addAll(List.of("-Duser.home=" + home, "-cp", classpath, "dev.agentls.cli.Main"));
            line.addAll(args);
            return line;
        }

        @Override
        public String name() {
            return "agentls";
        }
    }

    /** {@code scripts/agentls}, which runs {@code server/target/agentls.jar}; the user home goes in by its env. */
    record PackagedLauncher(Path launcher) implements AgentCommand {
        public PackagedLauncher {
            if (!Files.isExecutable(launcher)) {
                throw new IllegalStateException("no launcher at " + launcher + ": run mvn -o -q -DskipTests package");
            }
        }

        @Override
        public List<String> line(List<String> args) {
            List<String> line = new ArrayList<>(List.of(launcher.toString()));
            line.addAll(args);
            return line;
        }

        @Override
        public String name() {
            return launcher.getFileName().toString();
        }

        /** {@code scripts/agentls} of this checkout (tests run in {@code server/}). */
        public static PackagedLauncher ofThisCheckout() {
            return new PackagedLauncher(Path.of("..", "scripts", "agentls").toAbsolutePath().normalize());
        }
    }
}
