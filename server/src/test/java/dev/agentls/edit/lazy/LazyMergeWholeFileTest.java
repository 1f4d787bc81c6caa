package dev.agentls.edit.lazy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Issue 9, class 5 and lazy rule 4: an edit with no marker is the whole new file, never a fragment merged into the
 * old text (which would keep the old lines it leaves out), with the file's final-newline state kept.
 */
class LazyMergeWholeFileTest extends LazyMergeSupport {

    private static final String SERVICE = """
            server:
              port: 80
              host: example.org
            logging:
              level: info
              file: app.log
            """;

    @Test
    void editWithoutMarkersReplacesTheWholeYamlFileAtTheNestingItShows() {
        String edit = """
                server:
                  port: 8080
                  host: example.org
                  logging:
                    level: info
                """;
        assertEquals(edit, merged("service.yaml", SERVICE, edit));
    }

    @Test
    void editWithoutMarkersKeepsTheFilesMissingFinalNewlineAndItsLineEndings() {
        String original = "server:\r\n  port: 80\r\n  host: example.org";
        assertEquals("server:\r\n  port: 8080\r\n  host: example.org",
                merged("service.yaml", original, "server:\n  port: 8080\n  host: example.org\n"));
    }

    @Test
    void refusesAnEditWithoutMarkersThatWouldDropMostOfTheFileInsteadOfKeepingItsOldTail() {
        String original = SERVICE + "metrics:\n  enabled: true\n  path: /metrics\n";
        assertEquals("refusing lazy edit: it would delete 8 of the file's 9 non-blank lines (lines 2-9) and add"
                + " only 1, with no `... existing code ...` marker standing for them; add markers where code is"
                + " kept, or say in a comment that it is removed",
                refused("service.yaml", original, "server:\n  port: 8080\n").message());
    }

    @Test
    void editWithoutMarkersThatIsExactlyOneBlockOfTheFileReplacesThatBlock() {
        String original = """
                class Hello {
                    String hello() {
                        return "Hello";
                    }
                }

                class Bye {
                    String bye() {
                        return "Bye";
                    }
                }
                """;
        String edit = "class Bye {\n    String bye() {\n        return \"Au revoir\";\n    }\n}\n";
        assertEquals(original.replace("\"Bye\"", "\"Au revoir\""), merged("Greetings.java", original, edit));
    }

    @Test
    void editWithoutMarkersThatIsPartOfABlockIsStillTheWholeFile() {
        String original = "def run():\n    a = 1\n    b = 2\n    return a + b\n";
        assertEquals("def run():\n    a = 1\n    b = 3\n",
                merged("run.py", original, "def run():\n    a = 1\n    b = 3\n"));
    }
}
