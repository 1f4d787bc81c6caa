package dev.agentls.syntax;

import java.util.Map;
import java.util.Set;

/**
 * Which tree-sitter node types are definitions in each grammar, and which wrapping nodes (decorators, exports,
 * declarations around a declarator) belong to them. Data only; {@link SyntaxParser} walks the tree with it.
 */
final class DefinitionRules {

    private static final Set<String> SCRIPT = Set.of("class_declaration", "class", "abstract_class_declaration",
            "function_declaration", "generator_function_declaration", "method_definition", "interface_declaration",
            "type_alias_declaration", "enum_declaration", "internal_module", "module");

    private static final Map<Grammar, Set<String>> DEFINITIONS = Map.of(
            Grammar.JAVA, Set.of("class_declaration", "interface_declaration", "enum_declaration",
                    "record_declaration", "annotation_type_declaration", "method_declaration",
                    "constructor_declaration", "compact_constructor_declaration"),
            Grammar.PYTHON, Set.of("class_definition", "function_definition"),
            Grammar.JAVASCRIPT, SCRIPT,
            Grammar.TYPESCRIPT, SCRIPT,
            Grammar.TSX, SCRIPT,
            Grammar.GO, Set.of("function_declaration", "method_declaration", "type_spec"));

    /** Declarators that define a function or class when their value is one ({@code const f = () => {}}). */
    private static final Set<String> DECLARATORS = Set.of("variable_declarator", "public_field_definition",
            "field_definition");

    private static final Set<String> FUNCTION_VALUES = Set.of("arrow_function", "function_expression",
            "function", "class", "generator_function");

    /** Parents that are part of the definition they hold: its start line is theirs. */
    private static final Set<String> WRAPPERS = Set.of("decorated_definition", "export_statement",
            "lexical_declaration", "variable_declaration", "type_declaration");

    private DefinitionRules() {}

    /**
     * Nodes not worth descending into: statement blocks of Java and Go bodies (local and anonymous classes are
     * not listed), which hold most of a file's nodes.
     */
    static boolean opaque(Grammar grammar, String type) {
        return (grammar == Grammar.JAVA || grammar == Grammar.GO) && type.equals("block");
    }

    static boolean isDefinition(Grammar grammar, String type) {
        return DEFINITIONS.get(grammar).contains(type);
    }

    static boolean isDeclarator(Grammar grammar, String type) {
        return grammar != Grammar.JAVA && grammar != Grammar.PYTHON && grammar != Grammar.GO
                && DECLARATORS.contains(type);
    }

    static boolean isFunctionValue(String type) {
        return FUNCTION_VALUES.contains(type);
    }

    static boolean isWrapper(String type) {
        return WRAPPERS.contains(type);
    }

    /** A short kind for a node type: {@code method_declaration} becomes {@code method}. */
    static String kind(String type) {
        if (type.contains("class")) {
            return "class";
        }
        if (type.contains("method") || type.contains("constructor")) {
            return "method";
        }
        if (type.contains("function") || type.contains("declarator") || type.contains("field")) {
            return "function";
        }
        if (type.contains("interface")) {
            return "interface";
        }
        if (type.contains("enum")) {
            return "enum";
        }
        if (type.contains("record")) {
            return "record";
        }
        if (type.contains("module")) {
            return "module";
        }
        return "type";
    }
}
