package dev.agentls.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/** Lines of an {@code agentls replay-model} script (JSON lines), as the benches write them. */
final class ReplayScript {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ReplayScript() {}

    /** One OpenAI-style streamed answer of {@code pieces} text pieces and no tool call: it completes a run. */
    static List<String> textAnswer(int pieces) {
        List<String> lines = new ArrayList<>();
        lines.add("{\"type\":\"response\"}");
        for (int i = 0; i < pieces; i++) {
            lines.add(sse(delta("word" + i + " ", null)));
        }
        lines.add(sse(delta(null, "stop")));
        lines.add("{\"type\":\"raw\",\"text\":\"data: [DONE]\\n\\n\"}");
        return lines;
    }

    private static ObjectNode delta(String content, String finish) {
        ObjectNode chunk = JSON.createObjectNode();
        ObjectNode choice = chunk.putArray("choices").addObject();
        choice.put("index", 0);
        ObjectNode delta = choice.putObject("delta");
        if (content != null) {
            delta.put("content", content);
        }
        if (finish == null) {
            choice.putNull("finish_reason");
        } else {
            choice.put("finish_reason", finish);
        }
        return chunk;
    }

    private static String sse(ObjectNode data) {
        ObjectNode line = JSON.createObjectNode();
        line.put("type", "sse");
        line.set("data", data);
        return line.toString();
    }
}
