package dev.agentls.llm.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Input built to hurt a streaming tag parser: megabytes of '<', endless partial tags, huge values, tags that never
 * close. Each must finish in bounded time (generous, for a busy machine; linear work takes well under a second),
 * keep its held-back tail to the length of the longest tag, and lose no character.
 */
@Tag("slow")
class XmlToolStreamParserHostileInputTest {

    private static final Duration BOUND = Duration.ofSeconds(30);
    private static final int MB = 1024 * 1024;
    /** "<write_to_file" plus one: the longest prefix the top level may hold back with these tools. */
    private static final int LONGEST_HOLD = "<attempt_completion".length() + 1;

    /** Counts what the parser emitted, without keeping 10 MB of events around. */
    private static final class Tally implements Consumer<XmlStreamEvent> {
        long text;
        long thinking;
        long parameterChars;
        final List<XmlStreamEvent> others = new ArrayList<>();

        @Override
        public void accept(XmlStreamEvent e) {
            if (e instanceof XmlStreamEvent.TextDelta t) {
                text += t.text().length();
            } else if (e instanceof XmlStreamEvent.ThinkingDelta t) {
                thinking += t.text().length();
            } else if (e instanceof XmlStreamEvent.ToolParameterDelta p) {
                parameterChars += p.text().length();
            } else if (others.size() < 100) {
                others.add(e);
            }
        }
    }

    /** Feeds {@code body} in seeded 1-64 character chunks, asserting after each that at most the tail is held. */
    private static Tally feed(String prefix, String body, String suffix, boolean checkHold) {
        Tally tally = new Tally();
        XmlToolStreamParser parser = new XmlToolStreamParser(XmlEvents.TOOLS, tally);
        parser.feed(prefix);
        long before = tally.text + tally.thinking + tally.parameterChars;
        SplittableRandom r = new SplittableRandom(42);
        int i = 0;
        while (i < body.length()) {
            int end = Math.min(body.length(), i + 1 + r.nextInt(64));
            parser.feed(body.substring(i, end));
            i = end;
            if (checkHold) {
                long emitted = tally.text + tally.thinking + tally.parameterChars - before;
                assertTrue(i - emitted <= LONGEST_HOLD, "held back " + (i - emitted) + " characters at " + i);
            }
        }
        parser.feed(suffix);
        parser.finish();
        return tally;
    }

    @Test
    void tenMegabytesOfLessThanSignsStreamAsTextInBoundedTime() {
        String body = "<".repeat(10 * MB);
        Tally t = assertTimeoutPreemptively(BOUND, () -> feed("", body, "", true));
        assertEquals(10L * MB, t.text);
        assertEquals(List.of(), t.others);
    }

    @Test
    void tenMegabytesOfLessThanSignsInsideAValueAndInsideAToolBody() {
        String body = "<".repeat(5 * MB);
        Tally inValue = assertTimeoutPreemptively(BOUND,
                () -> feed("<write_to_file><content>", body, "</content></write_to_file>", true));
        assertEquals(5L * MB, inValue.parameterChars);
        XmlStreamEvent.ToolCallCompleted done = (XmlStreamEvent.ToolCallCompleted) inValue.others.get(1);
        assertEquals(5 * MB, done.parameters().get("content").length());

        String tooBig = "<".repeat(10 * MB);
        Tally dropped = assertTimeoutPreemptively(BOUND,
                () -> feed("<write_to_file><content>", tooBig, "</content></write_to_file>after", false));
        assertEquals(new XmlStreamEvent.StreamError("tool call write_to_file (call 0) is larger than "
                + XmlToolStreamParser.DEFAULT_MAX_TOOL_CALL_CHARS + " characters; it was dropped"),
                dropped.others.get(1));
        assertTrue(dropped.parameterChars <= XmlToolStreamParser.DEFAULT_MAX_TOOL_CALL_CHARS);
        assertEquals("after".length(), dropped.text);

        Tally inBody = assertTimeoutPreemptively(BOUND,
                () -> feed("<list_dir>", body, "<path>.</path></list_dir>", false));
        assertEquals(new XmlStreamEvent.ToolCallCompleted(0, "list_dir", java.util.Map.of("path", ".")),
                inBody.others.get(1));
    }

    @Test
    void endlesslyRepeatedPartialTagsStayTextAndAreNotHeld() {
        for (String partial : new String[] {"<read_fil", "<attempt_completio", "</", "<thinkin", "<<write_to_file "}) {
            String body = partial.repeat(MB / partial.length());
            Tally t = assertTimeoutPreemptively(BOUND, () -> feed("", body, "", true));
            assertEquals(body.length(), t.text, partial);
        }
        String closers = "</conten".repeat(MB / 8);
        Tally t = assertTimeoutPreemptively(BOUND,
                () -> feed("<write_to_file><content>", closers, "</content></write_to_file>", true));
        assertEquals(closers.length(), t.parameterChars);
        String unclosedThinking = "</thinkin".repeat(MB / 9);
        Tally th = assertTimeoutPreemptively(BOUND, () -> feed("<thinking>", unclosedThinking, "", true));
        assertEquals(unclosedThinking.length(), th.thinking);
    }

    @Test
    void aOneMegabyteParameterStreamsWhole() {
        StringBuilder code = new StringBuilder();
        while (code.length() < MB) {
            code.append("if (a < b) { return </div> x >> 1; } // </path> <content>\n");
        }
        String value = code.toString().strip();
        Tally t = assertTimeoutPreemptively(BOUND, () -> feed("<write_to_file><path>a</path><content>\n",
                value, "\n</content></write_to_file>", true));
        assertEquals(1 + value.length(), t.parameterChars);
        XmlStreamEvent.ToolCallCompleted done = (XmlStreamEvent.ToolCallCompleted) t.others.get(1);
        assertEquals(value, done.parameters().get("content"));
    }

    @Test
    void unterminatedTagsAreReportedOrReleasedAtTheEnd() {
        Tally openTool = feed("", "<execute_command><command>rm -rf </comman", "", false);
        XmlStreamEvent.StreamError error = (XmlStreamEvent.StreamError) openTool.others.get(1);
        assertTrue(error.message().contains("execute_command"), error.message());
        assertTrue(error.message().contains("command (unclosed, 15 characters)"), error.message());

        Tally openBodyTag = feed("", "<read_file><pa", "", false);
        assertTrue(((XmlStreamEvent.StreamError) openBodyTag.others.get(1)).message()
                .endsWith("received no parameters"));

        Tally hugeParamName = feed("", "<read_file><" + "p".repeat(MB) + "></read_file>", "", false);
        assertEquals(new XmlStreamEvent.ToolCallCompleted(0, "read_file", java.util.Map.of()),
                hugeParamName.others.get(1));
    }

    @Test
    void repeatedOpenToolTagsInsideABodyDoNotPileUpState() {
        String body = "<read_file>".repeat(MB / 11);
        Tally t = assertTimeoutPreemptively(BOUND, () -> feed("<read_file>", body, "</read_file>", false));
        assertEquals(2, t.others.size(), () -> t.others.toString().substring(0, 200));
        XmlStreamEvent.ToolCallCompleted done = (XmlStreamEvent.ToolCallCompleted) t.others.get(1);
        assertEquals(java.util.Map.of(), done.parameters());
    }

    @Test
    void aValueFullOfItsOwnClosingTagAndWhitespaceAfterItStaysLinearAndBounded() {
        String own = "</content> x".repeat(MB / 12);
        Tally t = assertTimeoutPreemptively(BOUND,
                () -> feed("<write_to_file><content>", own, "</content></write_to_file>", false));
        XmlStreamEvent.ToolCallCompleted done = (XmlStreamEvent.ToolCallCompleted) t.others.get(1);
        assertEquals(own, done.parameters().get("content"));
        assertEquals(own.length(), t.parameterChars);

        String spaces = " ".repeat(10 * MB);
        Tally flood = assertTimeoutPreemptively(BOUND,
                () -> feed("<write_to_file><content>a</content>", spaces, "</write_to_file>", false));
        assertEquals(new XmlStreamEvent.StreamError("tool call write_to_file (call 0) is larger than "
                + XmlToolStreamParser.DEFAULT_MAX_TOOL_CALL_CHARS + " characters; it was dropped"), flood.others.get(1));
    }
}
