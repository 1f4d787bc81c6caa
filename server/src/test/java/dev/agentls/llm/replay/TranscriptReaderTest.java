package dev.agentls.llm.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TranscriptReaderTest {

    private final TranscriptReader reader = new TranscriptReader();

    @Test
    void readsResponsesFramesRawBytesCutsAndDelaysSkippingCommentsAndBlankLines() throws Exception {
        Transcript t = reader.parse("""
                # a comment
                {"type":"response","status":429,"headers":{"Retry-After":"2","Content-Type":"application/json"},"delayMs":5}
                {"type":"raw","text":"{\\"error\\":{}}"}

                // another comment
                {"type":"response"}
                {"type":"sse","event":"message_start","data":{"a":[1, 2]},"delayMs":10}
                {"type":"sse","data":"line one\\nline two"}
                {"type":"cut","delayMs":3}
                """, "t.jsonl");

        assertEquals(2, t.responses().size());
        Transcript.Response first = t.responses().get(0);
        assertEquals(429, first.status());
        assertEquals(Map.of("Retry-After", "2", "Content-Type", "application/json"), first.headers());
        assertEquals(5, first.delayMillis());
        assertEquals(List.of(new Transcript.Part.Bytes("{\"error\":{}}", 0)), first.parts());
        Transcript.Response second = t.responses().get(1);
        assertEquals(200, second.status());
        assertEquals(Map.of("Content-Type", "text/event-stream"), second.headers());
        assertEquals(List.of(
                new Transcript.Part.Bytes("event: message_start\ndata: {\"a\":[1,2]}\n\n", 10),
                new Transcript.Part.Bytes("data: line one\ndata: line two\n\n", 0),
                new Transcript.Part.Cut(3)), second.parts());
        assertTrue(second.endsWithCut());
    }

    private void refuses(String text, String expected) {
        TranscriptException e = assertThrows(TranscriptException.class, () -> reader.parse(text, "bad.jsonl"));
        assertEquals(expected, e.getMessage());
    }

    @Test
    void refusesBadInputNamingTheLineAndTheExpectedForm() {
        refuses("{\"type\":\"response\"}\n{\"type\":\"frame\"}", "bad.jsonl line 2: unknown type 'frame' (expected response, sse, raw or cut)");
        refuses("{\"type\":\"sse\",\"data\":1}", "bad.jsonl line 1: a 'sse' line needs a 'response' line before it");
        refuses("{\"type\":\"response\"}\n{oops", "bad.jsonl line 2: not valid JSON: Unexpected character ('o' (code 111)): was expecting double-quote to start field name");
        refuses("[1]", "bad.jsonl line 1: expected one JSON object per line");
        refuses("{\"type\":\"response\",\"status\":99}", "bad.jsonl line 1: 'status' must be an HTTP status from 100 to 599, got 99");
        refuses("{\"type\":\"response\"}\n{\"type\":\"raw\",\"text\":\"x\",\"delayMs\":-1}",
                "bad.jsonl line 2: 'delayMs' must be a whole number of milliseconds from 0 to 600000, got -1");
        refuses("{\"type\":\"response\"}\n{\"type\":\"raw\"}", "bad.jsonl line 2: 'raw' needs a string 'text'");
        refuses("{\"type\":\"response\"}\n{\"type\":\"sse\"}", "bad.jsonl line 2: 'sse' needs 'data' (a JSON value or a string)");
        refuses("{\"type\":\"response\"}\n{\"type\":\"cut\"}\n{\"type\":\"raw\",\"text\":\"x\"}",
                "bad.jsonl line 3: nothing can follow a 'cut' in the same response");
        refuses("{\"type\":\"response\",\"headers\":{\"X-A\":\"a\\r\\nInjected: 1\"}}",
                "bad.jsonl line 1: header 'X-A' must be a token name with a one-line string value");
        refuses("# only a comment\n\n", "bad.jsonl: no 'response' line, so nothing to replay");
    }
}
