package dev.agentls.syntax;

import java.util.ArrayList;
import java.util.List;

/**
 * What we keep of a parse: the grammar, every definition in document order (parents before their children), and
 * whether the parser had to recover from errors. Tree-sitter's own types never leave this package.
 */
public record SyntaxTree(Grammar grammar, List<Definition> definitions, boolean hasErrors) {

    public SyntaxTree {
        definitions = List.copyOf(definitions);
    }

    /** The dotted name of a definition: its parents' names, then its own ({@code Calculator.add}). */
    public String qualifiedName(int index) {
        List<String> names = new ArrayList<>();
        for (int i = index; i >= 0; i = definitions.get(i).parent()) {
            names.add(0, definitions.get(i).name());
        }
        return String.join(".", names);
    }

    /** The innermost definition whose lines contain the 1-based {@code line}, or -1. */
    public int innermostAt(int line) {
        int found = -1;
        for (int i = 0; i < definitions.size(); i++) {
            Definition d = definitions.get(i);
            if (d.startLine() <= line && line <= d.endLine()) {
                found = i;
            }
        }
        return found;
    }
}
