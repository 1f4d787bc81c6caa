package dev.agentls.agent;

import dev.agentls.conversation.ProjectRulesLoader;
import dev.agentls.outline.RepoMap;
import dev.agentls.outline.RepoMapFocus;
import dev.agentls.outline.RepoMapResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The product's {@link ProjectContext}: the project rules (for the files the request points at), then the repo map
 * ranked for the request (its prompt, selected text, selected and focused files), fitted to its token budget. A map
 * asked for while the first build still runs is partial and says so; with no map, only the rules.
 */
public final class ProjectLayers implements ProjectContext {

    /** The repo map's default budget, as Aider's default ({@code --map-tokens}) is 1k and 4k fits large projects. */
    public static final int DEFAULT_MAP_TOKENS = 4096;

    private final ProjectRulesLoader rules;
    private final Optional<RepoMap> map;
    private final int mapTokens;

    public ProjectLayers(ProjectRulesLoader rules, Optional<RepoMap> map, int mapTokens) {
        if (mapTokens < 0) {
            throw new IllegalArgumentException("the repo map's token budget must not be negative: " + mapTokens);
        }
        this.rules = rules;
        this.map = map;
        this.mapTokens = mapTokens;
    }

    @Override
    public String layers(RunRequest request) {
        List<String> files = new ArrayList<>(request.focusedFiles());
        request.selection().ifPresent(selection -> files.add(selection.uri()));
        String text = rules.load(files).render();
        if (map.isPresent() && mapTokens > 0) {
            RepoMapFocus focus = RepoMapFocus.of(files, request.prompt(),
                    request.selection().map(RunRequest.Selection::text).orElse(""));
            RepoMapResult result = map.get().render(focus, mapTokens);
            if (!result.text().isEmpty()) {
                text = text.isEmpty() ? result.text().stripTrailing() : text + "\n\n" + result.text().stripTrailing();
            }
        }
        return text;
    }
}
