package dev.agentls.lsp;

import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.ProgressParams;
import org.eclipse.lsp4j.WorkDoneProgressBegin;
import org.eclipse.lsp4j.WorkDoneProgressEnd;
import org.eclipse.lsp4j.WorkDoneProgressNotification;
import org.eclipse.lsp4j.WorkDoneProgressReport;
import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.messages.Message;
import org.eclipse.lsp4j.jsonrpc.messages.NotificationMessage;
import org.eclipse.lsp4j.jsonrpc.messages.RequestMessage;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseMessage;

/**
 * The last step before the output stream, for the texts an editor shows as they are: error answers' messages and
 * {@code window/logMessage}, {@code showMessage} and {@code showMessageRequest}. lsp-mode passes some of them to
 * Emacs's {@code format} as the format string, so a '%' there shows "Not enough arguments for format string" instead
 * of the reason. Our own wording says "percent"; what a message repeats from elsewhere (a URI's "%20", a file name)
 * has each '%' replaced by the look-alike U+FF05, which no format function reads. It also drops a stack trace left
 * in an error's data.
 */
final class ShownTextGuard implements MessageConsumer {

    static final char LOOK_ALIKE = '\uFF05';

    private final MessageConsumer next;

    ShownTextGuard(MessageConsumer next) {
        this.next = next;
    }

    @Override
    public void consume(Message message) {
        if (message instanceof ResponseMessage response && response.getError() != null) {
            response.getError().setMessage(shown(response.getError().getMessage()));
            if (response.getError().getData() instanceof Throwable) {
                response.getError().setData(null);
            }
        } else if (message instanceof NotificationMessage notification
                && notification.getParams() instanceof MessageParams params) {
            params.setMessage(shown(params.getMessage()));
        } else if (message instanceof NotificationMessage notification
                && notification.getParams() instanceof ProgressParams progress && progress.getValue().isLeft()) {
            guardProgress(progress.getValue().getLeft());
        } else if (message instanceof RequestMessage request && request.getParams() instanceof MessageParams params) {
            params.setMessage(shown(params.getMessage()));
        }
        next.consume(message);
    }

    private static void guardProgress(WorkDoneProgressNotification value) {
        if (value instanceof WorkDoneProgressBegin begin) {
            begin.setTitle(shown(begin.getTitle()));
            begin.setMessage(shown(begin.getMessage()));
        } else if (value instanceof WorkDoneProgressReport report) {
            report.setMessage(shown(report.getMessage()));
        } else if (value instanceof WorkDoneProgressEnd end) {
            end.setMessage(shown(end.getMessage()));
        }
    }

    static String shown(String text) {
        return text == null ? null : text.replace('%', LOOK_ALIKE);
    }
}
