package dev.agentls.edit.generator;

/**
 * The noise a model's SEARCH/REPLACE shows (issue 9's list). Whitespace classes should mostly apply; the others
 * change what the SEARCH says, so they must be refused or applied with the intended result, never elsewhere.
 */
enum Noise {
    INDENT_SHIFTED(true),
    TABS_FOR_SPACES(true),
    TRAILING_WHITESPACE(true),
    CRLF(true),
    BLANK_LINE_ADDED(true),
    BLANK_LINE_REMOVED(true),
    /** str_replace style: the first line's indentation left out, later lines kept, the last one maybe cut short. */
    MID_LINE(true),
    COMMENT_REWORDED(false),
    LITERAL_CHANGED(false),
    LINE_DROPPED(false),
    TOKEN_MISSING_AT_LINE_START(false),
    SEARCH_TWICE(false),
    ALREADY_APPLIED(false),
    BLOCKS_OUT_OF_ORDER(false);

    final boolean whitespace;

    Noise(boolean whitespace) {
        this.whitespace = whitespace;
    }
}
