package dev.agentls.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.Map;
import org.eclipse.lsp4j.ClientCapabilities;

/**
 * What a client declared at {@code initialize} that decides how a run reaches it: our experimental capabilities
 * ({@code experimental.agentlsEvents} for {@code agentls/event}, {@code experimental.agentlsAsk} for
 * {@code agentls/ask}, {@code experimental.agentlsSave} for {@code agentls/saveDocuments}), {@code window.showMessage.messageActionItem} for buttons,
 * {@code window.workDoneProgress}, and {@code window.showDocument.support} for opening the transcript.
 */
record ClientExtensions(boolean events, boolean ask, boolean messageActions, boolean workDoneProgress,
                        boolean showDocument, boolean save) {

    static final String EVENTS = "agentlsEvents";
    static final String ASK = "agentlsAsk";
    static final String SAVE = "agentlsSave";

    static ClientExtensions of(ClientCapabilities capabilities) {
        if (capabilities == null) {
            return new ClientExtensions(false, false, false, false, false, false);
        }
        Object experimental = capabilities.getExperimental();
        boolean actions = capabilities.getWindow() != null && capabilities.getWindow().getShowMessage() != null
                && capabilities.getWindow().getShowMessage().getMessageActionItem() != null;
        boolean progress = capabilities.getWindow() != null
                && Boolean.TRUE.equals(capabilities.getWindow().getWorkDoneProgress());
        boolean showDocument = capabilities.getWindow() != null && capabilities.getWindow().getShowDocument() != null
                && capabilities.getWindow().getShowDocument().isSupport();
        return new ClientExtensions(declared(experimental, EVENTS), declared(experimental, ASK), actions, progress,
                showDocument, declared(experimental, SAVE));
    }

    private static boolean declared(Object experimental, String name) {
        if (experimental instanceof JsonObject object) {
            JsonElement value = object.get(name);
            return value != null && value.isJsonPrimitive() && value.getAsJsonPrimitive().isBoolean()
                    && value.getAsBoolean();
        }
        if (experimental instanceof Map<?, ?> map) {
            return Boolean.TRUE.equals(map.get(name));
        }
        return false;
    }
}
