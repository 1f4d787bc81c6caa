package dev.agentls.mcp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Finds the process the SDK's stdio transport started for a server, so its exit is noticed at once: the SDK neither
 * reports a command that cannot start nor fails the calls pending when the server dies (they would wait for the
 * time-out). A child is ours when it appeared after the snapshot, is not claimed by another connection, and runs our
 * command (its arguments end with ours, or its program has our command's name).
 */
final class ChildProcessWatch {

    private static final long FIND_FOR_MILLIS = 3_000;

    /** Children claimed by some connection of this process; shared by the connections of a registry. */
    private final Set<Long> claimed = ConcurrentHashMap.newKeySet();

    /** The children there are now, before a start. */
    Set<Long> snapshot() {
        return ProcessHandle.current().children().map(ProcessHandle::pid).collect(Collectors.toSet());
    }

    /** The child started for {@code command args} since {@code before}, waiting a little for it to appear. */
    Optional<ProcessHandle> find(Set<Long> before, String command, List<String> args) {
        String name = Path.of(command).getFileName().toString();
        long deadline = System.currentTimeMillis() + FIND_FOR_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            Optional<ProcessHandle> found = ProcessHandle.current().children()
                    .filter(p -> !before.contains(p.pid()) && !claimed.contains(p.pid()))
                    .filter(p -> runs(p, name, args))
                    .findFirst();
            if (found.isPresent() && claimed.add(found.get().pid())) {
                found.get().onExit().thenRun(() -> claimed.remove(found.get().pid()));
                return found;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static boolean runs(ProcessHandle process, String name, List<String> args) {
        ProcessHandle.Info info = process.info();
        Optional<String[]> arguments = info.arguments();
        if (!args.isEmpty() && arguments.isPresent()) {
            List<String> given = List.of(arguments.get());
            if (given.size() >= args.size() && given.subList(given.size() - args.size(), given.size()).equals(args)) {
                return true;
            }
        }
        return info.command().map(c -> Path.of(c).getFileName().toString().equals(name)).orElse(false);
    }

    /** Whether a command can be started: a path to an executable file, or a name found on {@code PATH}. */
    static boolean startable(String command, String path) {
        if (command.contains("/")) {
            return Files.isExecutable(Path.of(command));
        }
        for (String dir : (path == null ? "" : path).split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }
}
