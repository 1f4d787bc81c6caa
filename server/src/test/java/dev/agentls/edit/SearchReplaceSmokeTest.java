package dev.agentls.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import org.junit.jupiter.api.Test;

class SearchReplaceSmokeTest {

    @Test
    void parsesAndAppliesOneExactBlock() {
        ParseOutcome parsed = new SearchReplaceParser().parse("------- SEARCH\nb\n=======\nB\n+++++++ REPLACE\n");
        List<SearchReplaceBlock> blocks = assertInstanceOf(ParseOutcome.Parsed.class, parsed).files().get(0).blocks();
        EditOutcome out = new SearchReplaceEngine().apply("a\nb\nc\n", blocks);
        EditOutcome.Applied applied = assertInstanceOf(EditOutcome.Applied.class, out);
        assertEquals("a\nB\nc\n", applied.newText());
        assertEquals(List.of(new BlockMatch(1, "exact", 2, 2)), applied.matches());
    }
}
