package dev.agentls.llm.xml;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Test helpers: run the parser over chunks, and merge adjacent deltas so chunkings can be compared. */
public final class XmlEvents {

    public static final Set<String> TOOLS = Set.of("read_file", "write_to_file", "replace_in_file",
            "execute_command", "attempt_completion", "list_dir");

    private XmlEvents() {}

    static List<XmlStreamEvent> parse(Set<String> tools, List<String> chunks) {
        List<XmlStreamEvent> events = new ArrayList<>();
        XmlToolStreamParser parser = new XmlToolStreamParser(tools, events::add);
        chunks.forEach(parser::feed);
        parser.finish();
        return events;
    }

    static List<XmlStreamEvent> parse(String... chunks) {
        return parse(TOOLS, List.of(chunks));
    }

    /** The events with adjacent deltas of the same kind (and the same parameter) joined. */
    static List<XmlStreamEvent> merged(List<XmlStreamEvent> events) {
        List<XmlStreamEvent> out = new ArrayList<>();
        for (XmlStreamEvent e : events) {
            XmlStreamEvent last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (e instanceof XmlStreamEvent.TextDelta t && last instanceof XmlStreamEvent.TextDelta l) {
                out.set(out.size() - 1, new XmlStreamEvent.TextDelta(l.text() + t.text()));
            } else if (e instanceof XmlStreamEvent.ThinkingDelta t && last instanceof XmlStreamEvent.ThinkingDelta l) {
                out.set(out.size() - 1, new XmlStreamEvent.ThinkingDelta(l.text() + t.text()));
            } else if (e instanceof XmlStreamEvent.ToolParameterDelta p
                    && last instanceof XmlStreamEvent.ToolParameterDelta l
                    && l.callIndex() == p.callIndex() && l.parameter().equals(p.parameter())) {
                out.set(out.size() - 1, new XmlStreamEvent.ToolParameterDelta(l.callIndex(), l.toolName(),
                        l.parameter(), l.text() + p.text()));
            } else {
                out.add(e);
            }
        }
        return out;
    }

    /** Every delta is non-empty: the parser never emits an event that says nothing. */
    static boolean noEmptyDeltas(List<XmlStreamEvent> events) {
        for (XmlStreamEvent e : events) {
            String text = e instanceof XmlStreamEvent.TextDelta t ? t.text()
                    : e instanceof XmlStreamEvent.ThinkingDelta t ? t.text()
                    : e instanceof XmlStreamEvent.ToolParameterDelta p ? p.text() : "x";
            if (text.isEmpty()) {
                return false;
            }
        }
        return true;
    }
}
