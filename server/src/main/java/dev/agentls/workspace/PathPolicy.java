package dev.agentls.workspace;

import java.nio.file.Files;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the tools may touch inside the workspace: the deny list (never read, listed, searched or passed to a command)
 * and each root's ignore rules (left out of listings and searches, still readable by name). Thread-safe; one per
 * workspace, shared by the tools and the index. AgentLS's own folder ({@code .agentls/}) is denied like a secret, so a
 * conversation never reads its own history back through a tool.
 */
public final class PathPolicy {

    /** The folder AgentLS keeps its conversations and checkpoints in, at each root. */
    public static final String AGENT_STATE = ".agentls";

    private final DenyList denyList = new DenyList();
    private final ProtectedPaths protectedPaths = new ProtectedPaths();
    private final Map<java.nio.file.Path, IgnoreRules> rules = new ConcurrentHashMap<>();

    public DenyList denyList() {
        return denyList;
    }

    /** The files the file tools may not change freely (git's folder, files that make tools run code). */
    public ProtectedPaths protectedPaths() {
        return protectedPaths;
    }

    /** The ignore rules of {@code root}, loaded lazily and kept. */
    public IgnoreRules rules(WorkspaceRoot root) {
        return rules.computeIfAbsent(root.real(), IgnoreRules::new);
    }

    /** Why {@code path} is denied ("'.env' is on the deny list (...): secrets are never read, ..."), or empty. */
    public Optional<String> isDenied(ResolvedPath path) {
        if (path.relative().isEmpty()) {
            return Optional.empty();
        }
        String first = path.relative().split("/", 2)[0];
        if (first.equalsIgnoreCase(AGENT_STATE)) {
            return Optional.of("'" + path.display() + "' is AgentLS's own state (conversations, checkpoints, run"
                    + " transcripts): the agent's tools never read, write, list or search it");
        }
        return denyList.check(path.root().real(), path.relative())
                .map(why -> path.display().equals(path.relative()) ? why : why.replaceFirst(
                        "^'" + java.util.regex.Pattern.quote(path.relative()) + "'",
                        java.util.regex.Matcher.quoteReplacement("'" + path.display() + "'")));
    }

    /** Throws a {@link PathRefusedException} with reason {@code DENIED} when {@code path} is on the deny list. */
    public ResolvedPath requireAllowed(ResolvedPath path) {
        Optional<String> why = isDenied(path);
        if (why.isPresent()) {
            throw new PathRefusedException(path.display(), PathRefusedException.Reason.DENIED, why.get());
        }
        return path;
    }

    /** Whether {@code path} is ignored by its root's ignore files (an ancestor folder ignored counts). */
    public boolean isIgnored(ResolvedPath path) {
        if (path.relative().isEmpty()) {
            return false;
        }
        return rules(path.root()).isIgnored(path.relative(), Files.isDirectory(path.absolute()));
    }
}
