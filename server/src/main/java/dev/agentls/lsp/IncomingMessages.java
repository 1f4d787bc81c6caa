package dev.agentls.lsp;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.MessageIssueHandler;
import org.eclipse.lsp4j.jsonrpc.MessageProducer;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;

/**
 * The reader thread's loop, in place of LSP4J's {@code StreamMessageProducer}: frames from the {@link FrameReader},
 * decoded, judged by the {@link MessageGate}, then delivered to LSP4J's endpoint, answered with an error, or dropped
 * with a line on stderr. Nothing one message holds can stop the loop; only the end of the stream does.
 */
final class IncomingMessages implements MessageProducer, Closeable {

    private final InputStream in;
    private final MessageGate gate;
    private final MessageConsumer answers;
    private final MessageIssueHandler issues;
    private final ServerLog log;
    private final Frame first;
    private volatile boolean running;

    IncomingMessages(InputStream in, MessageGate gate, MessageConsumer answers, MessageIssueHandler issues,
            ServerLog log) {
        this(in, null, gate, answers, issues, log);
    }

    /**
     * @param first a frame already taken off {@code in} (by the {@link InitializeFront}) and not answered, handled
     *              before anything else is read; null for none
     */
    IncomingMessages(InputStream in, Frame first, MessageGate gate, MessageConsumer answers,
            MessageIssueHandler issues, ServerLog log) {
        this.in = in;
        this.first = first;
        this.gate = gate;
        this.answers = answers;
        this.issues = issues;
        this.log = log;
    }

    @Override
    public void listen(MessageConsumer endpoint) {
        running = true;
        FrameReader frames = new FrameReader(in);
        Frame pending = first;
        while (running) {
            Frame frame;
            try {
                frame = pending != null ? pending : frames.next();
                pending = null;
            } catch (IOException e) {
                if (running) {
                    log.note("the input stream failed: " + e.getMessage());
                }
                return;
            }
            if (frame == null) {
                return;
            }
            try {
                handle(frame, endpoint);
            } catch (RuntimeException e) {
                // A handler's bug or a closed output must not take the connection down with it.
                log.failure("handling a message failed", e);
            }
        }
    }

    private void handle(Frame frame, MessageConsumer endpoint) {
        if (frame instanceof Frame.Oversized oversized) {
            log.note("skipped a message of " + oversized.length() + " bytes; the limit is "
                    + FrameReader.MAX_BODY_BYTES + " bytes");
        } else if (frame instanceof Frame.Unframed unframed) {
            log.note("skipped a header block without a usable Content-Length: " + unframed.headers());
        } else if (frame instanceof Frame.Body body) {
            dispatch(admit(body), endpoint);
        }
    }

    private MessageGate.Admission admit(Frame.Body body) {
        Charset charset = charsetNamed(body.charset());
        if (charset == null) {
            String text = new String(body.bytes(), StandardCharsets.UTF_8);
            String why = "the Content-Type's charset '" + Echo.bounded(body.charset())
                    + "' is not supported; LSP messages are UTF-8";
            return TopLevelId.find(text).<MessageGate.Admission>map(
                    id -> MessageGate.answer(id, ResponseErrorCode.ParseError, why))
                    .orElseGet(() -> new MessageGate.Admission.Drop(why));
        }
        return gate.admit(new String(body.bytes(), charset));
    }

    private void dispatch(MessageGate.Admission admission, MessageConsumer endpoint) {
        if (admission instanceof MessageGate.Admission.Deliver deliver) {
            endpoint.consume(deliver.message());
        } else if (admission instanceof MessageGate.Admission.DeliverIssues withIssues) {
            issues.handle(withIssues.message(), withIssues.issues());
        } else if (admission instanceof MessageGate.Admission.Answer answer) {
            log.note("answered " + answer.response().getError().getCode() + ": " + answer.response().getError().getMessage());
            answers.consume(answer.response());
        } else if (admission instanceof MessageGate.Admission.Drop drop) {
            log.note("dropped a message: " + drop.why());
        }
    }

    /** UTF-8 when none is named (LSP's default; "utf8" is its old spelling), else a charset Java knows, else null. */
    private static Charset charsetNamed(String name) {
        if (name == null || name.equalsIgnoreCase("utf-8") || name.equalsIgnoreCase("utf8")) {
            return StandardCharsets.UTF_8;
        }
        try {
            return Charset.isSupported(name) ? Charset.forName(name) : null;
        } catch (IllegalArgumentException e) {
            return null; // an illegal charset name
        }
    }

    @Override
    public void close() {
        running = false;
    }
}
