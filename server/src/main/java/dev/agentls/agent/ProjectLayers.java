package dev.agentls.agent;

import dev.agentls.conversation.ProjectRulesLoader;
import dev.agentls.outline.RepoMap;
import dev.agentls.outline.RepoMapFocus;
import dev.agentls.outline.TokenCounter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The product's {@link ProjectContext}: the project rules (for the files the request points at), then the repo map
 * ranked for the request (its prompt, selected text, selected and focused files) and the files edited lately, fitted
 * to its token budget. A request made while the map is still being read (or a change to it) goes without it, and
 * its prompt says so: no run waits for the map; the run's later requests take it once it is read
 * ({@link ProjectContext.Layers#complete}). With no map, only the rules.
 */
public final class ProjectLayers implements ProjectContext {

    /** The repo map's default budget, as Aider's default ({@code --map-tokens}) is 1k and 4k fits large projects. */
    public static final int DEFAULT_MAP_TOKENS = 4096;

    /** What a request's prompt says when it is made before the map's first build is done. */
    public static final String NOT_READY = "# Repository map\nNot in this request: the workspace is still being read";

    private final ProjectRulesLoader rules;
    private final Optional<RepoMap> map;
    private final int mapTokens;
    /** Fits the map; empty: the map's own counter. */
    private final Optional<TokenCounter> counter;

    public ProjectLayers(ProjectRulesLoader rules, Optional<RepoMap> map, int mapTokens) {
        this(rules, map, mapTokens, Optional.empty());
    }

    private ProjectLayers(ProjectRulesLoader rules, Optional<RepoMap> map, int mapTokens,
                          Optional<TokenCounter> counter) {
        if (mapTokens < 0) {
            throw new IllegalArgumentException("the repo map's token budget must not be negative: " + mapTokens);
        }
        this.rules = rules;
        this.map = map;
        this.mapTokens = mapTokens;
        this.counter = counter;
    }

    /**
     * These layers with both budgets (the rules' and the map's) counted by {@code counter}: the run's model's, which
     * an editor session only knows per run (its settings can change between runs), as {@code agentls run} knows it
     * from the start.
     */
    public ProjectLayers countingWith(TokenCounter counter) {
        return new ProjectLayers(rules.countingWith(counter), map, mapTokens, Optional.of(counter));
    }

    @Override
    public String layers(RunRequest request) {
        return current(request).text();
    }

    @Override
    public Layers current(RunRequest request) {
        List<String> files = new ArrayList<>(request.focusedFiles());
        request.selection().ifPresent(selection -> files.add(selection.uri()));
        String text = rules.load(files).render();
        boolean complete = true;
        if (map.isPresent() && mapTokens > 0) {
            String shown;
            if (!map.get().settledForRequest()) {
                // Building a graph of a half-read workspace would hold the request up for a map that misleads.
                complete = false;
                shown = NOT_READY + " (" + map.get().stats().files() + " files read so far); a later request of"
                        + " this run has it.";
            } else {
                RepoMapFocus focus = RepoMapFocus.of(files, request.prompt(),
                        request.selection().map(RunRequest.Selection::text).orElse(""));
                shown = (counter.isPresent() ? map.get().render(focus, mapTokens, counter.get())
                        : map.get().render(focus, mapTokens)).text().stripTrailing();
            }
            if (!shown.isEmpty()) {
                text = text.isEmpty() ? shown : text + "\n\n" + shown;
            }
        }
        return new Layers(text, complete);
    }
}
