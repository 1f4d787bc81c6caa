package dev.agentls.outline;

import dev.agentls.syntax.Definition;
import dev.agentls.syntax.SyntaxParser;
import dev.agentls.syntax.SyntaxTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Builds a file's {@link DefinitionOutline} from its syntax tree: top-level definitions and their direct members,
 * deeper ones (local functions, nested lambdas' classes) left out so the outline stays a map, not a dump. Empty for
 * files with no grammar or too large to parse. Stateless; safe from any thread.
 */
public final class Outliner {

    private final SyntaxParser parser;

    public Outliner(SyntaxParser parser) {
        this.parser = parser;
    }

    /** The outline of {@code text}, the content of the file shown as {@code path}. */
    public Optional<DefinitionOutline> outline(String path, String text) {
        String fileName = path.substring(path.lastIndexOf('/') + 1);
        Optional<SyntaxTree> tree = parser.parseFile(fileName, text);
        if (tree.isEmpty()) {
            return Optional.empty();
        }
        List<Definition> definitions = tree.get().definitions();
        List<DefinitionOutline.Entry> entries = new ArrayList<>();
        for (Definition definition : definitions) {
            int depth = depth(definitions, definition);
            if (depth <= 1) {
                entries.add(new DefinitionOutline.Entry(definition.kind(), definition.name(), definition.startLine(),
                        definition.endLine(), depth));
            }
        }
        return Optional.of(new DefinitionOutline(path, tree.get().grammar().name().toLowerCase(java.util.Locale.ROOT),
                entries, tree.get().hasErrors()));
    }

    private static int depth(List<Definition> definitions, Definition definition) {
        int depth = 0;
        for (int parent = definition.parent(); parent >= 0; parent = definitions.get(parent).parent()) {
            depth++;
        }
        return depth;
    }
}
