package dev.agentls.edit;

import static dev.agentls.edit.EngineTestSupport.applied;
import static dev.agentls.edit.EngineTestSupport.blocks;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * In a tab-indented file, spaces after the tabs are alignment, not a level: a doc comment's {@code " * "}, a
 * continuation line lined up under an argument. A REPLACE re-indented to such a file (EDIT-SEMANTICS rule 8) keeps
 * them exactly where they mean alignment, never rounding them to a level or dropping them. Files written here.
 */
class TabAlignmentTest {

    private static final String C_FILE = """
            #include <stdio.h>

            int main(void)
            {
            \t/*
            \t * Print a greeting.
            \t */
            \tprintf("hello\\n");
            \treturn 0;
            }
            """;

    private final SearchReplaceEngine engine = new SearchReplaceEngine();

    @Test
    void aDocCommentsAlignmentSpaceIsKeptWhenTheModelWroteSpacesForTabs() {
        // The model's SEARCH uses 4 spaces for the tab: found line-trimmed, the REPLACE re-indented.
        String search = "    /*\n     * Print a greeting.\n     */\n    printf(\"hello\\n\");";
        String replace = "    /*\n     * Print a greeting,\n     * then a farewell.\n     */\n    printf(\"hello\\n\");\n"
                + "    printf(\"bye\\n\");";
        EditOutcome.Applied out = applied(engine.apply("main.c", C_FILE, blocks(search, replace)));
        assertEquals(C_FILE.replace("\t * Print a greeting.\n", "\t * Print a greeting,\n\t * then a farewell.\n")
                .replace("\tprintf(\"hello\\n\");\n", "\tprintf(\"hello\\n\");\n\tprintf(\"bye\\n\");\n"), out.newText());
        assertEquals(List.of(new BlockMatch(1, "line-trimmed", 5, 8)), out.matches());
    }

    @Test
    void aClosingCommentLineTakesItsReferencesAlignmentNotAWholeTab() {
        // The changed line's reference is the comment line above it, whose file indentation is a tab and a space.
        String search = "    /*\n     * Print a greeting.\n     */";
        String replace = "    /*\n     * Print a greeting.\n     **/";
        EditOutcome.Applied out = applied(engine.apply("main.c", C_FILE, blocks(search, replace)));
        assertEquals(C_FILE.replace("\t */\n", "\t **/\n"), out.newText());
    }

    @Test
    void aContinuationLineTheModelAlignedAfterTabsKeepsEverySpace() {
        String file = "package main\n\nfunc main() {\n\tresult := compute(alpha,\n\t                 beta)\n\tuse(result)\n}\n";
        // A trailing space on the SEARCH's first line: found line-trimmed, the model's own tabs and spaces re-indented.
        String search = "\tresult := compute(alpha, \n\t                 beta)";
        String replace = "\tresult := compute(alpha,\n\t                 beta,\n\t                 gamma)";
        EditOutcome.Applied out = applied(engine.apply("main.go", file, blocks(search, replace)));
        assertEquals("package main\n\nfunc main() {\n\tresult := compute(alpha,\n\t                 beta,\n"
                + "\t                 gamma)\n\tuse(result)\n}\n", out.newText());
    }
}
