package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** A tool description's numbers are filled in order, as {@code String.format} fills {@code %d}, without it. */
class DescriptionsTest {

    @Test
    void fillsEachNumberInOrderAsFormatWould() {
        String template = "at most %d entries, %d levels deep;\nfiles over %d KiB are previewed (100% sure)";
        assertEquals(String.format(Locale.ROOT, template.replace("100%", "100%%"), 200, 3, 256),
                Descriptions.fill(template, 200, 3, 256));
        assertEquals("no numbers", Descriptions.fill("no numbers"));
        assertEquals("-5 and 9223372036854775807", Descriptions.fill("%d and %d", -5, Long.MAX_VALUE));
    }

    @Test
    void refusesATemplateWhoseNumbersDoNotMatchItsValues() {
        IllegalArgumentException tooFew = assertThrows(IllegalArgumentException.class,
                () -> Descriptions.fill("%d and %d", 1));
        assertTrue(tooFew.getMessage().contains("more %d in the template than the 1 values"), tooFew.getMessage());
        IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class,
                () -> Descriptions.fill("only %d", 1, 2));
        assertTrue(tooMany.getMessage().contains("the template has 1 %d for 2 values"), tooMany.getMessage());
    }
}
