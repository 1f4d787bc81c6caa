package dev.agentls.lsp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.jsonrpc.json.JsonRpcMethod;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.messages.RequestMessage;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;

/**
 * Answers the connection's first message, when it is an {@code initialize} the server would accept, before the rest
 * of the server is built: an editor starts the server with itself and waits for this answer, and the capabilities it
 * carries do not depend on the request. The request passes the same {@link MessageGate} and the same workspace-folder
 * check as on the whole path, with a JSON handler that knows only {@code initialize}; anything else (another method,
 * a malformed, oversized or unframed message, a non-UTF-8 body, a folder that is not a file URI, the end of the
 * stream) is not answered here and goes, unread by anyone else, to the whole path, which answers it as it always
 * did. What follows the first message waits in the stream until the server reads it.
 */
final class InitializeFront {

    /** What the front did with the first message. */
    sealed interface Opening {
        /** The answer is written; the server must take these params without answering them again. */
        record Answered(InitializeParams params) implements Opening {}

        /** Not answered: the whole path must handle this frame first; null when the stream ended before one. */
        record Unanswered(Frame first) implements Opening {}
    }

    private final InitializeAnswer answer;

    InitializeFront(InitializeAnswer answer) {
        this.answer = answer;
    }

    /**
     * Reads the first frame of {@code in} and answers it on {@code out} when it is an acceptable initialize. An
     * answer that cannot be written (the editor's end is broken) is noted and the request still counts as answered,
     * as on the whole path, which goes on reading until {@code exit}.
     *
     * @throws IOException when {@code in} fails
     */
    Opening open(InputStream in, OutputStream out, Consumer<String> note) throws IOException {
        Frame first = new FrameReader(in).next();
        if (!(first instanceof Frame.Body body) || !isUtf8(body.charset())) {
            return new Opening.Unanswered(first);
        }
        JsonRpcMethod initialize = JsonRpcMethod.request(MessageGate.INITIALIZE, InitializeResult.class,
                InitializeParams.class);
        MessageJsonHandler json = new MessageJsonHandler(Map.of(MessageGate.INITIALIZE, initialize));
        MessageGate gate = new MessageGate(json, () -> Lifecycle.AWAITING_INITIALIZE, Set.of(MessageGate.INITIALIZE));
        MessageGate.Admission admission = gate.admit(new String(body.bytes(), StandardCharsets.UTF_8));
        if (!(admission instanceof MessageGate.Admission.Deliver deliver)
                || !(deliver.message() instanceof RequestMessage request)
                || !(request.getParams() instanceof InitializeParams params)) {
            return new Opening.Unanswered(first);
        }
        try {
            AgentLanguageServer.roots(params);
        } catch (ResponseErrorException refused) {
            return new Opening.Unanswered(first);
        }
        try {
            out.write(answer.frame(request.getRawId().get(), json.getGson()));
            out.flush();
        } catch (IOException e) {
            note.accept("the initialize answer could not be written: " + e.getMessage());
        }
        return new Opening.Answered(params);
    }

    /** The ids the answer advertised, which the session's command table must list in the same order. */
    List<String> advertised() {
        return answer.commands();
    }

    private static boolean isUtf8(String charset) {
        return charset == null || charset.equalsIgnoreCase("utf-8") || charset.equalsIgnoreCase("utf8");
    }
}
