package dev.agentls.agent;

import dev.agentls.conversation.ProjectRulesLoader;
import dev.agentls.outline.RepoMap;
import dev.agentls.outline.RepoMapFocus;
import dev.agentls.outline.TokenCounter;
import dev.agentls.outline.WorkspaceFileList;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The product's {@link ProjectContext}: the project rules (for the files the request points at), then the repo map
 * ranked for the request (its prompt, selected text, selected and focused files) and the files edited lately, fitted
 * to its token budget. A request made while the map is still being read (or a change to it) goes without it, says
 * so and shows a bounded list of the workspace's files instead: no run waits for the map, and the run gets it as a
 * message once it is read ({@link #arrived}), so the prompt's prefix never changes within a run.
 */
public final class ProjectLayers implements ProjectContext {

    /** The repo map's default budget, as Aider's default ({@code --map-tokens}) is 1k and 4k fits large projects. */
    public static final int DEFAULT_MAP_TOKENS = 4096;

    /** What a request's prompt says when it is made before the map's first build is done. */
    public static final String NOT_READY = "# Repository map\nNot in this request: the workspace is still being read";
    /** The heading of the map when it comes as a message of a run that started before it was read. */
    public static final String ARRIVED = "# Repository map (read after this task started)";

    private final ProjectRulesLoader rules;
    private final Optional<RepoMap> map;
    private final int mapTokens;
    /** Fits the map; empty: the map's own counter. */
    private final Optional<TokenCounter> counter;
    /** Shown where the map is not. */
    private final Optional<WorkspaceFileList> files;

    public ProjectLayers(ProjectRulesLoader rules, Optional<RepoMap> map, int mapTokens) {
        this(rules, map, mapTokens, Optional.empty(), Optional.empty());
    }

    public ProjectLayers(ProjectRulesLoader rules, Optional<RepoMap> map, int mapTokens,
                         Optional<WorkspaceFileList> files) {
        this(rules, map, mapTokens, Optional.empty(), files);
    }

    private ProjectLayers(ProjectRulesLoader rules, Optional<RepoMap> map, int mapTokens,
                          Optional<TokenCounter> counter, Optional<WorkspaceFileList> files) {
        if (mapTokens < 0) {
            throw new IllegalArgumentException("the repo map's token budget must not be negative: " + mapTokens);
        }
        this.rules = rules;
        this.map = map;
        this.mapTokens = mapTokens;
        this.counter = counter;
        this.files = files;
    }

    /**
     * These layers with both budgets (the rules' and the map's) counted by {@code counter}: the run's model's, which
     * an editor session only knows per run (its settings can change between runs), as {@code agentls run} knows it
     * from the start.
     */
    public ProjectLayers countingWith(TokenCounter counter) {
        return new ProjectLayers(rules.countingWith(counter), map, mapTokens, Optional.of(counter), files);
    }

    @Override
    public String layers(RunRequest request) {
        return current(request).text();
    }

    @Override
    public Layers current(RunRequest request) {
        List<String> focused = focused(request);
        String text = rules.load(focused).render();
        boolean complete = true;
        String shown = "";
        if (map.isPresent() && mapTokens > 0) {
            if (!map.get().settledForRequest()) {
                // Building a graph of a half-read workspace would hold the request up for a map that misleads.
                complete = false;
                shown = NOT_READY + " (" + map.get().stats().files() + " files read so far); it comes as a message"
                        + " of this task once read.";
            } else {
                shown = render(request, focused);
            }
        }
        if (!complete || shown.isEmpty()) {
            String list = files.map(WorkspaceFileList::render).orElse("");
            shown = shown.isEmpty() ? list : list.isEmpty() ? shown : shown + "\n\n" + list;
        }
        if (!shown.isEmpty()) {
            text = text.isEmpty() ? shown : text + "\n\n" + shown;
        }
        return new Layers(text, complete);
    }

    @Override
    public String arrived(RunRequest request) {
        if (map.isEmpty() || mapTokens == 0 || !map.get().settledForRequest()) {
            return "";
        }
        String rendered = render(request, focused(request));
        return rendered.isEmpty() ? "" : ARRIVED + "\n" + rendered.replaceFirst("^# Repository map\\n", "");
    }

    private static List<String> focused(RunRequest request) {
        List<String> files = new ArrayList<>(request.focusedFiles());
        request.selection().ifPresent(selection -> files.add(selection.uri()));
        return files;
    }

    private String render(RunRequest request, List<String> focused) {
        RepoMapFocus focus = RepoMapFocus.of(focused, request.prompt(),
                request.selection().map(RunRequest.Selection::text).orElse(""));
        return (counter.isPresent() ? map.get().render(focus, mapTokens, counter.get())
                : map.get().render(focus, mapTokens)).text().stripTrailing();
    }
}
