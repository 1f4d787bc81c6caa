package dev.agentls.llm.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The property at the heart of XML tool mode: however the network chunks an answer, the parser reads the same
 * thing. Realistic answers from a seeded generator are parsed whole, checked against what the generator wrote, then
 * parsed again under many random chunkings; the merged events must be identical. The seed is fixed (override with
 * {@code -Dagentls.seed=N}) and printed with every failure so it can be replayed.
 */
@Tag("slow")
class XmlChunkingInvarianceTest {

    private static final long SEED = Long.getLong("agentls.seed", 0x5EEDA9E1L);
    private static final int ANSWERS = 120;
    private static final int SPLITS_PER_ANSWER = 25;

    @Test
    void everyChunkingOfARealisticAnswerGivesTheSameEvents() {
        SplittableRandom random = new SplittableRandom(SEED);
        int splits = 0;
        int truncated = 0;
        int toolCalls = 0;
        long ownClosingTags = 0;
        for (int a = 0; a < ANSWERS; a++) {
            RealisticAnswers.Answer answer = RealisticAnswers.generate(random);
            String text = answer.text();
            boolean cut = a % 8 == 7;
            if (cut) {
                // A cut stream: no oracle, but the chunking must still not matter (errors included).
                text = text.substring(0, random.nextInt(text.length() + 1));
                truncated++;
            }
            List<XmlStreamEvent> whole = XmlEvents.merged(XmlEvents.parse(XmlEvents.TOOLS, List.of(text)));
            if (!cut) {
                assertEquals(answer.expected(), whole, context(a, "the unsplit answer", text));
                for (XmlStreamEvent e : whole) {
                    if (e instanceof XmlStreamEvent.ToolCallCompleted c) {
                        toolCalls++;
                        ownClosingTags += c.parameters().entrySet().stream()
                                .filter(p -> p.getValue().contains("</" + p.getKey() + ">")).count();
                    }
                }
            }
            for (int s = 0; s < SPLITS_PER_ANSWER; s++) {
                List<String> chunks = chunk(text, random);
                List<XmlStreamEvent> events = XmlEvents.parse(XmlEvents.TOOLS, chunks);
                if (!XmlEvents.noEmptyDeltas(events)) {
                    fail(context(a, "an empty delta under chunking " + sizes(chunks), text));
                }
                List<XmlStreamEvent> merged = XmlEvents.merged(events);
                if (!whole.equals(merged)) {
                    assertEquals(whole, merged, context(a, "chunking " + sizes(chunks), text));
                }
                splits++;
            }
        }
        assertTrue(splits >= 1_000, "only " + splits + " splits");
        assertTrue(toolCalls >= 100, "the generator made only " + toolCalls + " tool calls");
        assertTrue(ownClosingTags >= 20, "only " + ownClosingTags + " values held their own closing tag");
        assertTrue(truncated > 0);
    }

    private static String context(int answer, String what, String text) {
        return "seed " + SEED + ", answer " + answer + ", " + what + "; text: " + text.replace("\n", "\\n");
    }

    private static List<Integer> sizes(List<String> chunks) {
        return chunks.stream().map(String::length).toList();
    }

    /** One of four chunking styles: 1-64 characters, 1-3 characters, a few random cuts, or cuts around every '<'. */
    static List<String> chunk(String text, SplittableRandom r) {
        TreeSet<Integer> cuts = new TreeSet<>();
        switch (r.nextInt(4)) {
            case 0 -> {
                for (int i = 1 + r.nextInt(64); i < text.length(); i += 1 + r.nextInt(64)) {
                    cuts.add(i);
                }
            }
            case 1 -> {
                for (int i = 1 + r.nextInt(3); i < text.length(); i += 1 + r.nextInt(3)) {
                    cuts.add(i);
                }
            }
            case 2 -> {
                int n = 1 + r.nextInt(20);
                for (int i = 0; i < n && text.length() > 0; i++) {
                    cuts.add(r.nextInt(text.length() + 1));
                }
            }
            default -> {
                for (int i = text.indexOf('<'); i >= 0; i = text.indexOf('<', i + 1)) {
                    cuts.add(Math.min(text.length(), i + r.nextInt(4)));
                }
            }
        }
        List<String> chunks = new ArrayList<>();
        int from = 0;
        for (int cut : cuts) {
            chunks.add(text.substring(from, cut));
            from = cut;
        }
        chunks.add(text.substring(from));
        return chunks;
    }
}
