package dev.agentls.edit.lazy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.edit.EditOutcome;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Hostile and huge input: a clear refusal or a correct merge, always in bounded time. */
@Tag("slow")
class LazyMergeHostileInputTest extends LazyMergeSupport {

    private static final Duration BOUND = Duration.ofSeconds(30);

    private static String javaFile(int methods) {
        StringBuilder b = new StringBuilder("package big;\n\npublic class Big {\n");
        for (int i = 0; i < methods; i++) {
            b.append("\n    int m").append(i).append("(int x) {\n        int y = x + ").append(i)
                    .append(";\n        return y;\n    }\n");
        }
        return b.append("}\n").toString();
    }

    @Test
    void refusesAFiveMegabyteEditQuickly() {
        String edit = "// ... existing code ...\n" + "x();\n".repeat(1_000_000);
        LazyEditFailure f = assertTimeoutPreemptively(BOUND, () -> refused("A.java", javaFile(3), edit));
        assertTrue(f.message().contains("is " + edit.length() + " characters; lazy edits are limited to 1000000"),
                f.message());
    }

    @Test
    void largeFileWithThreeHunksMergesInBoundedTime() {
        String original = javaFile(20_000);
        String edit = """
                // ... existing code ...
                    int m10(int x) {
                        int y = x + 10;
                        log(y);
                        return y;
                    }
                // ... existing code ...
                    int m10000(int x) {
                        int y = x * 2;
                // ... existing code ...
                    int m19999(int x) {
                        int y = x + 19999;
                        return y;
                    }

                    int added() {
                        return 0;
                    }
                }
                """;
        String text = assertTimeoutPreemptively(BOUND, () -> merged("Big.java", original, edit));
        String expected = original
                .replace("int y = x + 10;\n        return y;", "int y = x + 10;\n        log(y);\n        return y;")
                .replace("int m10000(int x) {\n        int y = x + 10000;", "int m10000(int x) {\n        int y = x * 2;")
                .replace("int y = x + 19999;\n        return y;\n    }\n}",
                        "int y = x + 19999;\n        return y;\n    }\n\n    int added() {\n        return 0;\n    }\n}");
        assertEquals(expected, text);
    }

    @Test
    void markersInsideStringsAreCode() {
        String original = "x = 1\ny = 2\n";
        String edit = "x = 1\nprint(\"# ... existing code ...\")\ny = 2\n";
        assertEquals(edit, merged("s.py", original, edit));
    }

    @Test
    void binaryLookingTextMergesOrRefusesInBoundedTime() {
        Random random = new Random(42);
        StringBuilder noise = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            char c = (char) (1 + random.nextInt(0x2FF));
            noise.append(i % 61 == 60 ? '\n' : c);
        }
        String original = javaFile(200);
        String edit = "// ... existing code ...\n" + noise + "\n// ... existing code ...\n";
        EditOutcome result = assertTimeoutPreemptively(BOUND, () -> merger.merge("A.java", original, edit));
        assertTrue(result instanceof EditOutcome.Refused, "noise with no anchor must be refused");
    }

    @Test
    void wholeFileRewriteOfAManyThousandLineFileStaysBounded() {
        String original = javaFile(5_000);
        String edit = original.replace("+ 7;", "+ 70;").replace("return y;", "return y + 0;");
        String text = assertTimeoutPreemptively(BOUND, () -> merged("Big.java", original, edit));
        assertEquals(edit, text);
    }

    @Test
    void deeplyNestedEditDoesNotOverflow() {
        String original = "def f():\n    return 1\n";
        StringBuilder edit = new StringBuilder("# ... existing code ...\n");
        for (int i = 0; i < 3000; i++) {
            edit.append(" ".repeat(i % 400)).append("x").append(i).append(" = (\n");
        }
        EditOutcome result = assertTimeoutPreemptively(BOUND,
                () -> merger.merge("deep.py", original, edit.toString()));
        assertTrue(result instanceof EditOutcome.Applied || result instanceof EditOutcome.Refused);
    }
}
