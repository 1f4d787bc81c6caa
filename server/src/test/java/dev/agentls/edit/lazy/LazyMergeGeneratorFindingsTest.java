package dev.agentls.edit.lazy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Cases the seeded wrong-place generator found once new fixtures changed its sequence, rebuilt on small files of
 * their own: what the merge must give, or that it must refuse.
 */
class LazyMergeGeneratorFindingsTest extends LazyMergeSupport {

    private static final String PYTHON = """
            UNSET = object()


            def members_option(arg):
                \"\"\"Convert the members option.\"\"\"
                if arg is None or arg is True:
                    return ALL
                return [x.strip() for x in arg.split(',') if x.strip()]


            def members_set_option(arg):
                \"\"\"Convert the members option.\"\"\"
                if arg is None:
                    return ALL
                return {x.strip() for x in arg.split(',')}
            """;

    @Test
    void trailingWhitespaceOfUnchangedLinesAfterAChangedLineIsNoiseAndTheFileKeepsItsBytes() {
        String edit = """
                    # ... keep existing code ...
                    \"\"\"Convert the members option.\"\"\"
                    if arg is None or arg is True extraToken:
                        return ALL \s
                    return [x.strip() for x in arg.split(',') if x.strip()]\t

                    # ... keep existing code ...
                """;
        assertEquals(PYTHON.replace("arg is True:", "arg is True extraToken:"),
                merged("options.py", PYTHON, edit));
    }

    /**
     * Sphinx's autodoc has hundreds of lines starting with {@code if}; the changed header was not among the first
     * 64 compared, so it read as a new block, its unchanged body as new code, and the edit's trailing blanks landed
     * in the file.
     */
    @Test
    void aChangedHeaderAmongHundredsOfLinesStartingLikeItKeepsItsUnchangedBodysBytes() {
        StringBuilder file = new StringBuilder("ALL = object()\n");
        for (int n = 0; n < 400; n++) {
            file.append("\n\ndef check_").append(n).append("(arg):\n    if arg is None or arg == ").append(n)
                    .append(":\n        return ALL\n    return [arg, ").append(n).append("]\n");
        }
        String original = file.toString();
        String edit = """
                    # ... existing code ...
                    if arg is None or arg == 250 or arg is True:
                        return ALL \s
                    return [arg, 250]\t
                    # ... existing code ...
                """;
        assertEquals(original.replace("arg == 250:", "arg == 250 or arg is True:"),
                merged("checks.py", original, edit));
    }

    /** Rule 8 moves a kept line to the nesting the edit shows; what it writes there is still the file's line. */
    @Test
    void aKeptLineMovedToTheNestingTheEditShowsKeepsItsOwnBytesNotTheEditsTrailingBlanks() {
        String original = "def f(a):\n    if a:\n        x = 1\n    y = 2\n    return x\n";
        String edit = "def f(a):\n    if a:\n        x = 1\n        y = 2 \t\n    return x\n";
        assertEquals("def f(a):\n    if a:\n        x = 1\n        y = 2\n    return x\n",
                merged("f.py", original, edit));
    }

    /**
     * The generator deleted the second of two {@code ? false} lines and dropped a later line from the edit; the edit
     * then reads, ignoring indentation (rule 7), as keeping both and deleting only that later line: the repeated
     * line stands on its twin next to the anchor after it (rule 2), the fewest changed lines (rule 3).
     */
    @Test
    void aRepeatedLineRightBeforeAnAnchorStandsOnTheTwinBesideItWhateverItsIndentation() {
        String original = """
                const open =
                  typeof steps[index] === "undefined"
                    ? false
                      ? false
                      : true
                    : steps[index];
                render(open);
                """;
        String edit = """
                    // ... existing code ...
                    ? false
                      : true
                render(open);
                """;
        assertEquals(original.replace("    : steps[index];\n", ""), merged("open.js", original, edit));
    }

    /**
     * An edit whose docstring quotes open a string running to its end: the parser's error recovery reported a
     * definition on a line past the edit's last, and the structural pass read out of bounds.
     */
    @Test
    void anEditWhoseParseReportsADefinitionPastItsLastLineMergesByTextInsteadOfFailing() {
        String original = """
                class Box:
                    \"\"\"A box.

                    >>> from boxes import Box
                    >>> Box()
                    \"\"\"

                    _cached = staticmethod(
                        cacheit(make_box))   # always cached

                    def __getnewargs__(self):
                        return (self.name,)
                """;
        String edit = """
                # ... existing code ...
                    >>> from boxes import Box
                    >>> Box()
                    \"\"\"
                    # ... existing code ...
                    _cached = staticmethod(
                        cacheitRenamed(make_box))   # always cached

                    def __getnewargs__(self):
                # ... existing code ...
                """;
        assertEquals(original.replace("cacheit(", "cacheitRenamed("), merged("box.py", original, edit));
    }

    private static final String FRAMES = """
            class Frame:
                \"\"\"A frame.

                Parameters
                ----------
                equinox : time-like, optional
                    When the axes were fixed.
                \"\"\"

                def __init__(self, *args, **kwargs):
                    self.cache = {}
                    # attributes set - either passed in with the
                    # frame as an instance, or passed in as kwargs

                    # parse the args into a validated frame
                    frame = parse(args, kwargs)
                    self.frame = frame
            """;

    /**
     * The astropy case of the lazy generator: a window between two markers made only of comments the file holds
     * (one blank line of them dropped) has nothing that anchors it, so it floated to just after the window before
     * it and the file's own comments stayed too. Refused, naming the edit line and the file line that holds it.
     */
    @Test
    void refusesAWindowOfOnlyCommentsBetweenMarkersThatTheFileAlreadyHolds() {
        String edit = """
                # ... existing code ...
                    equinox : time-like, optional
                        When the axes were fixed.
                # ... existing code ...
                        # attributes set - either passed in with the
                        # frame as an instance, or passed in as kwargs
                        # parse the args into a validated frame
                # ... existing code ...
                """;
        LazyEditFailure f = refused("frame.py", FRAMES, edit);
        assertEquals("cannot place edit line 5 `# attributes set - either passed in with the`: only comments stand"
                + " between its markers, and comments never anchor, yet the file holds this line at line 12;"
                + " include the code line that follows it in the file, so the window is placed there", f.message());
    }

    /** The same window with the code line after its comments anchors there, and the dropped blank line goes. */
    @Test
    void aWindowOfCommentsWithTheCodeLineAfterThemIsPlacedThere() {
        String edit = """
                # ... existing code ...
                        # attributes set - either passed in with the
                        # frame as an instance, or passed in as kwargs
                        # parse the args into a validated frame
                        frame = parse(args, kwargs)
                # ... existing code ...
                """;
        assertEquals(FRAMES.replace("kwargs\n\n", "kwargs\n"), merged("frame.py", FRAMES, edit));
    }
}
