package dev.agentls.syntax;

/**
 * One definition of a file (a class, interface, function, method, ...), with 1-based inclusive lines.
 * {@code startLine} includes what belongs to the definition in front of it (decorators, annotations, an
 * {@code export} keyword); {@code nameLine} is the line holding its name. {@code parent} is the index of the
 * enclosing definition in the same {@link SyntaxTree#definitions()} list, or -1 at top level.
 */
public record Definition(String kind, String name, int startLine, int nameLine, int endLine, int parent) {

    public boolean topLevel() {
        return parent < 0;
    }

    public int lineCount() {
        return endLine - startLine + 1;
    }
}
