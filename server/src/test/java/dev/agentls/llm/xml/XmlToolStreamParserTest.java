package dev.agentls.llm.xml;

import static dev.agentls.llm.xml.XmlEvents.merged;
import static dev.agentls.llm.xml.XmlEvents.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.llm.xml.XmlStreamEvent.StreamError;
import dev.agentls.llm.xml.XmlStreamEvent.TextDelta;
import dev.agentls.llm.xml.XmlStreamEvent.ThinkingDelta;
import dev.agentls.llm.xml.XmlStreamEvent.ToolCallCompleted;
import dev.agentls.llm.xml.XmlStreamEvent.ToolCallStarted;
import dev.agentls.llm.xml.XmlStreamEvent.ToolParameterDelta;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class XmlToolStreamParserTest {

    private static Map<String, String> params(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void aTextOnlyAnswerYieldsJustText() {
        String answer = "Use a < b && c > d, or <div>html</div>; x </y> <3\n";
        assertEquals(List.of(new TextDelta(answer)), parse(answer));
        assertEquals(List.of(), parse(""));
    }

    @Test
    void readsAToolCallWithItsParametersInOrder() {
        List<XmlStreamEvent> events = merged(parse(
                "I'll write it.\n<write_to_file>\n<path>src/A.java</path>\n<content>\nclass A {}\n</content>\n"
                        + "</write_to_file>"));
        assertEquals(List.of(
                new TextDelta("I'll write it.\n"),
                new ToolCallStarted(0, "write_to_file"),
                new ToolParameterDelta(0, "write_to_file", "path", "src/A.java"),
                new ToolParameterDelta(0, "write_to_file", "content", "class A {}"),
                new ToolCallCompleted(0, "write_to_file", params("path", "src/A.java", "content", "class A {}"))),
                events);
        ToolCallCompleted done = (ToolCallCompleted) events.get(4);
        assertEquals(List.of("path", "content"), new ArrayList<>(done.parameters().keySet()));
    }

    @Test
    void parameterValuesAreRawTextUpToTheirOwnClosingTag() {
        String code = "if (a < b && c > d) { x = \"</path>\"; }\n<content> </other> </write_to_file>\n"
                + "List<Map<String, </ >>> y; // </conten t>";
        List<XmlStreamEvent> events = merged(parse(
                "<write_to_file><path>a.txt</path><content>\n" + code + "\n</content></write_to_file>"));
        assertEquals(new ToolCallCompleted(0, "write_to_file", params("path", "a.txt", "content", code)),
                events.get(events.size() - 1));
    }

    @Test
    void unknownTagsStayTextVerbatim() {
        String text = "<div> <read_filex> </read_file> <read_fil> <READ_FILE> <read_file > < read_file> "
                + "<thinkingx> </thinking> <<read_fil>";
        assertEquals(List.of(new TextDelta(text)), merged(parse(text)));
    }

    @Test
    void thinkingIsRawUpToItsClosingTagEvenWithToolTagsInside() {
        List<XmlStreamEvent> events = merged(parse(
                "<thinking>maybe <read_file><path>x</path></read_file> then a < b</thinking>Done. <think>r</think>"));
        assertEquals(List.of(
                new ThinkingDelta("maybe <read_file><path>x</path></read_file> then a < b"),
                new TextDelta("Done. "),
                new ThinkingDelta("r")), events);
    }

    @Test
    void readsSeveralToolCallsAndTheTextBetweenAndAfterThem() {
        List<XmlStreamEvent> events = merged(parse(
                "A<read_file><path>a</path></read_file>B\n<list_dir><path>.</path></list_dir>\nC <x>"));
        assertEquals(List.of(
                new TextDelta("A"),
                new ToolCallStarted(0, "read_file"),
                new ToolParameterDelta(0, "read_file", "path", "a"),
                new ToolCallCompleted(0, "read_file", params("path", "a")),
                new TextDelta("B\n"),
                new ToolCallStarted(1, "list_dir"),
                new ToolParameterDelta(1, "list_dir", "path", "."),
                new ToolCallCompleted(1, "list_dir", params("path", ".")),
                new TextDelta("\nC <x>")), events);
    }

    @Test
    void emptyParametersAndCallsWithoutParametersComplete() {
        assertEquals(List.of(new ToolCallStarted(0, "read_file"),
                        new ToolCallCompleted(0, "read_file", params("path", "", "end_line", ""))),
                merged(parse("<read_file><path></path><end_line>\n</end_line></read_file>")));
        assertEquals(List.of(new ToolCallStarted(0, "list_dir"), new ToolCallCompleted(0, "list_dir", Map.of())),
                merged(parse("<list_dir></list_dir>")));
    }

    @Test
    void stripsExactlyOneLeadingAndOneTrailingLineBreakFromAValue() {
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("\n    indented\n\n", "    indented\n");
        cases.put("\r\n x \r\n", " x ");
        cases.put("\n\n", "");
        cases.put("\n", "");
        cases.put("\r", "\r");
        cases.put("\r\r\n", "\r");
        cases.put("  a  ", "  a  ");
        cases.put("\n\nkeep\n\n", "\nkeep\n");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            List<XmlStreamEvent> events = merged(parse(
                    "<execute_command><command>" + c.getKey() + "</command></execute_command>"));
            ToolCallCompleted done = (ToolCallCompleted) events.get(events.size() - 1);
            assertEquals(c.getValue(), done.parameters().get("command"), c.getKey());
            String streamed = events.stream().filter(e -> e instanceof ToolParameterDelta)
                    .map(e -> ((ToolParameterDelta) e).text()).reduce("", String::concat);
            assertEquals(c.getValue(), streamed, "deltas of " + c.getKey());
        }
    }

    @Test
    void strayTextBeforeTheFirstParameterIsIgnoredAndARepeatedParameterKeepsItsLastValue() {
        List<XmlStreamEvent> events = merged(parse("<read_file> stray < text </other> <path>a</path>\n"
                + " <start_line>3</start_line><path>b</path></read_file>"));
        assertEquals(new ToolCallCompleted(0, "read_file", params("path", "b", "start_line", "3")),
                events.get(events.size() - 1));
        assertEquals(5, events.size(), events.toString());
    }

    @Test
    void aValuesOwnClosingTagFollowedByAnythingButATagOfTheCallIsContent() {
        String xml = "<feed>\n  <content>hi</content> <!-- a -->\n  <content>x</content>\n</feed>";
        List<XmlStreamEvent> events = merged(parse(
                "<write_to_file><path>f.xml</path><content>\n" + xml + "\n</content>\n</write_to_file>"));
        assertEquals(new ToolCallCompleted(0, "write_to_file", params("path", "f.xml", "content", xml)),
                events.get(events.size() - 1));
        assertEquals(new ToolParameterDelta(0, "write_to_file", "content", xml), events.get(3 - 1));

        String cut = "a</content>\t\n</conten";
        List<XmlStreamEvent> open = merged(parse("<write_to_file><content>" + cut));
        assertEquals(new StreamError("the stream ended inside tool call write_to_file (call 0): no </write_to_file>;"
                + " received parameters content (unclosed, " + cut.length() + " characters)"), open.get(2));
    }

    @Test
    void declaredParametersMakeAValueEndingInAnotherTagSafe() {
        String html = "<div>\n<content>x</content>\n<span>y</span>\n</div>";
        String answer = "<write_to_file><path>a.html</path><content>\n" + html + "\n</content></write_to_file>";
        List<XmlStreamEvent> declared = new ArrayList<>();
        XmlToolStreamParser parser = new XmlToolStreamParser(
                Map.of("write_to_file", Set.of("path", "content")), declared::add, 1_000);
        parser.feed(answer);
        parser.finish();
        assertEquals(new ToolCallCompleted(0, "write_to_file", params("path", "a.html", "content", html)),
                merged(declared).get(merged(declared).size() - 1));

        // Without declared parameters "<span>" after "</content>" reads as a parameter (the documented limit);
        // here the misreading surfaces as an unclosed call rather than a silently cut file.
        List<XmlStreamEvent> any = merged(parse(answer));
        StreamError error = (StreamError) any.get(any.size() - 1);
        assertTrue(error.message().contains("content (16 characters), span (unclosed"), error.message());
    }

    @Test
    void aToolTagLeftOpenAtTheEndIsAnErrorNamingTheToolAndWhatWasReceived() {
        List<XmlStreamEvent> events = merged(parse("x<write_to_file><path>a.txt</path><content>\nhalf of it"));
        assertEquals(List.of(new TextDelta("x"), new ToolCallStarted(0, "write_to_file"),
                new ToolParameterDelta(0, "write_to_file", "path", "a.txt"),
                new ToolParameterDelta(0, "write_to_file", "content", "half of it"),
                new StreamError("the stream ended inside tool call write_to_file (call 0): no </write_to_file>;"
                        + " received parameters path (5 characters), content (unclosed, 11 characters)")), events);
        assertEquals(new StreamError("the stream ended inside tool call read_file (call 1): no </read_file>;"
                        + " received no parameters"),
                merged(parse("<list_dir></list_dir><read_file></read_fi")).get(3));
    }

    @Test
    void aThinkingBlockOrTagStartLeftOpenAtTheEndIsJustReleased() {
        assertEquals(List.of(new ThinkingDelta("half </thin")), merged(parse("<thinking>half </thin")));
        assertEquals(List.of(new TextDelta("see <read_fi")), merged(parse("see <read_fi")));
    }

    @Test
    void streamsPromptlyHoldingBackOnlyAPossibleTag() {
        List<XmlStreamEvent> events = new ArrayList<>();
        XmlToolStreamParser parser = new XmlToolStreamParser(XmlEvents.TOOLS, events::add);
        parser.feed("Hello <rea");
        assertEquals(List.of(new TextDelta("Hello ")), events);
        parser.feed("d_file><path>");
        assertEquals(new ToolCallStarted(0, "read_file"), events.get(1));
        parser.feed("\nline1\nline2\n");
        assertEquals(new ToolParameterDelta(0, "read_file", "path", "line1\nline2"), events.get(2));
        parser.feed("</pa");
        assertEquals(3, events.size());
        parser.feed("th></read_file>");
        assertEquals(new ToolCallCompleted(0, "read_file", params("path", "line1\nline2")), events.get(3));
        parser.finish();
        assertEquals(4, events.size());
    }

    @Test
    void aCallLargerThanTheBoundIsDroppedWithAnError() {
        List<XmlStreamEvent> events = new ArrayList<>();
        XmlToolStreamParser parser = new XmlToolStreamParser(XmlEvents.TOOLS, events::add, 100);
        parser.feed("<write_to_file><path>a</path><content>" + "x".repeat(200) + "</content></write_to_file>after");
        parser.finish();
        List<XmlStreamEvent> m = merged(events);
        assertEquals(new StreamError("tool call write_to_file (call 0) is larger than 100 characters; it was dropped"),
                m.get(m.size() - 2));
        assertEquals(new TextDelta("after"), m.get(m.size() - 1));
    }

    @Test
    void refusesUnusableToolNamesAndMisuse() {
        assertThrows(IllegalArgumentException.class, () -> new XmlToolStreamParser(Set.of("a b"), e -> { }));
        assertThrows(IllegalArgumentException.class, () -> new XmlToolStreamParser(Set.of("thinking"), e -> { }));
        assertThrows(IllegalArgumentException.class, () -> new XmlToolStreamParser(Set.of("<x>"), e -> { }));
        XmlToolStreamParser parser = new XmlToolStreamParser(Set.of("t"), e -> { });
        parser.finish();
        assertThrows(IllegalStateException.class, () -> parser.feed("x"));
        assertThrows(IllegalStateException.class, parser::finish);
    }

    @Test
    void aTagSplitAtEveryPositionReadsTheSame() {
        String answer = "Hi <thinking>a<b</thinking>\n<replace_in_file><path>p</path><diff>\n"
                + "------- SEARCH\n<a></a>\n=======\n</b>\n+++++++ REPLACE\n</diff></replace_in_file> bye <x";
        List<XmlStreamEvent> whole = merged(parse(answer));
        for (int i = 0; i <= answer.length(); i++) {
            for (int j = i; j <= answer.length(); j += 7) {
                List<XmlStreamEvent> split = parse(XmlEvents.TOOLS,
                        List.of(answer.substring(0, i), answer.substring(i, j), answer.substring(j)));
                assertTrue(XmlEvents.noEmptyDeltas(split));
                assertEquals(whole, merged(split), "split at " + i + ", " + j);
            }
        }
        List<String> singles = new ArrayList<>();
        answer.chars().forEach(c -> singles.add(String.valueOf((char) c)));
        assertEquals(whole, merged(parse(XmlEvents.TOOLS, singles)));
    }
}
