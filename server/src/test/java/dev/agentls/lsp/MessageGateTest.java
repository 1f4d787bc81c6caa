package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.eclipse.lsp4j.ApplyWorkspaceEditResponse;
import org.eclipse.lsp4j.jsonrpc.json.JsonRpcMethod;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseMessage;
import org.eclipse.lsp4j.jsonrpc.services.ServiceEndpoints;
import org.eclipse.lsp4j.services.LanguageClient;
import org.junit.jupiter.api.Test;

/** The gate's handling of the editor's answers to our requests, which LSP4J types by the request's method. */
class MessageGateTest {

    private static MessageGate gate() {
        Map<String, JsonRpcMethod> methods = new LinkedHashMap<>(ServiceEndpoints.getSupportedMethods(LanguageClient.class));
        MessageJsonHandler json = new MessageJsonHandler(methods);
        json.setMethodProvider(id -> id.equals("7") ? "workspace/applyEdit" : null);
        return new MessageGate(json, () -> Lifecycle.RUNNING, Set.of());
    }

    @Test
    void typesAnAnswerWhoseResultComesBeforeItsId() {
        MessageGate.Admission admission = gate().admit("{\"result\":{\"applied\":true},\"id\":7,\"jsonrpc\":\"2.0\"}");
        ResponseMessage response = (ResponseMessage) assertInstanceOf(MessageGate.Admission.Deliver.class, admission)
                .message();
        assertEquals(true, assertInstanceOf(ApplyWorkspaceEditResponse.class, response.getResult()).isApplied());
    }

    @Test
    void dropsAMessageWithNeitherMethodNorId() {
        assertEquals("a message with neither a method nor an id", assertInstanceOf(MessageGate.Admission.Drop.class,
                gate().admit("{\"jsonrpc\":\"2.0\",\"params\":{}}")).why());
    }

    @Test
    void answersTrailingTextAfterTheObjectAsAParseError() {
        ResponseMessage answer = assertInstanceOf(MessageGate.Admission.Answer.class,
                gate().admit("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"shutdown\"} {}")).response();
        assertEquals(-32700, answer.getError().getCode());
        assertEquals("the message could not be parsed as JSON: more text follows the JSON value: malformed JSON at line 1"
                + " column 47 path $",
                answer.getError().getMessage());
    }
}
