package dev.agentls.syntax;

/** The languages AgentLS has a tree-sitter grammar for. */
public enum Grammar {
    JAVA, PYTHON, JAVASCRIPT, TYPESCRIPT, TSX, GO
}
