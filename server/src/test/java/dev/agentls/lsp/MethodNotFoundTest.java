package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10 item 2: {@code $/} requests and standard requests the server does not implement are MethodNotFound, with
 * no stack trace in {@code error.data}; a handler that fails unexpectedly is InternalError naming the exception,
 * its trace on stderr only.
 */
@Tag("slow")
class MethodNotFoundTest {

    private static final int METHOD_NOT_FOUND = -32601;

    @TempDir
    Path temp;

    @Test
    void answersDollarRequestsMethodNotFound() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"$/anything\",\"params\":{}}");
            assertEquals("this server does not offer the request '$/anything'",
                    RawWire.error(wire.response("2"), METHOD_NOT_FOUND));
            wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"$/setTrace\",\"params\":1,\"id\":9}");
            assertEquals("this server does not offer the request '$/setTrace'",
                    RawWire.error(wire.response("9"), METHOD_NOT_FOUND));
        }
    }

    @Test
    void answersUnadvertisedStandardRequestsMethodNotFoundWithoutAStackTrace() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"textDocument/hover\",\"params\":{\"textDocument\":"
                    + "{\"uri\":\"file:///x\"},\"position\":{\"line\":0,\"character\":0}}}");
            assertEquals("this server does not offer the request 'textDocument/hover'",
                    RawWire.error(wire.response("3"), METHOD_NOT_FOUND));
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"no/such\"}");
            assertEquals("this server does not offer the request 'no/such'",
                    RawWire.error(wire.response("4"), METHOD_NOT_FOUND));
        }
    }

    @Test
    void answersANotificationSentWithAnIdMethodNotFound() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"textDocument/didSave\",\"params\":{\"textDocument\":"
                    + "{\"uri\":\"file:///x\"}}}");
            assertEquals("'textDocument/didSave' is a notification: send it without an id",
                    RawWire.error(wire.response("5"), METHOD_NOT_FOUND));
        }
    }

    @Test
    void offersExactlyTheMethodsTheServerOverrides() {
        Set<String> offered = ImplementedMethods.of(new AgentLanguageServer(new StandardSessions(),
                new ServerLog(new java.io.PrintStream(new java.io.ByteArrayOutputStream()), java.time.Clock.systemUTC())));
        assertTrue(offered.containsAll(Set.of("initialize", "initialized", "shutdown", "exit",
                "workspace/executeCommand", "textDocument/didOpen", "textDocument/didChange",
                "workspace/didChangeWorkspaceFolders")), offered.toString());
        assertTrue(!offered.contains("textDocument/hover") && !offered.contains("textDocument/completion")
                && !offered.contains("$/setTrace"), offered.toString());
    }

    @Test
    void answersAHandlerThatThrowsWithInternalErrorNamingTheExceptionAndNoTrace() throws Exception {
        SessionFactory failing = (roots, client, capabilities, settings) -> {
            throw new IllegalStateException("the index could not start");
        };
        try (RawWire wire = new RawWire(failing)) {
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"capabilities\":{}}}");
            assertEquals("internal error in AgentLS (IllegalStateException: the index could not start); the server's"
                    + " stderr has the details", RawWire.error(wire.response("1"), -32603));
            String stderr = wire.serverErr.toString(java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(stderr.contains("at dev.agentls.lsp."), "the trace goes to stderr: " + stderr);
        }
    }
}
