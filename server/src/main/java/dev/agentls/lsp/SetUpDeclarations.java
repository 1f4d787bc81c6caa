package dev.agentls.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.Optional;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.WorkspaceClientCapabilities;

/**
 * What a user's set-up declares for a client that cannot declare it itself, in initializationOptions beside the
 * settings: {@code {"agentls": {...settings}, "client": {"applyEdit": true}}}. Vim's ALE sends a fixed
 * {@code workspace.applyEdit: false} at {@code initialize}, whatever the set-up does; {@code editors/vim/agentls.vim}
 * handles {@code workspace/applyEdit} itself (applies it with ALE's code and answers it), so it declares that here,
 * and a run's edits reach its buffers. Only {@code true} declares anything; any other value is named in a warning
 * and declares nothing.
 */
final class SetUpDeclarations {

    static final String CLIENT = "client";
    static final String APPLY_EDIT = "applyEdit";

    /** The capabilities with what the options declare laid over them; a bad value gives a warning instead. */
    record Declared(ClientCapabilities capabilities, Optional<String> warning) {}

    static Declared apply(ClientCapabilities declared, Object initializationOptions) {
        if (!(initializationOptions instanceof JsonObject options) || !options.has(CLIENT)) {
            return new Declared(declared, Optional.empty());
        }
        JsonElement client = options.get(CLIENT);
        JsonElement applyEdit = client.isJsonObject() ? client.getAsJsonObject().get(APPLY_EDIT) : null;
        if (applyEdit == null) {
            return new Declared(declared, Optional.of("initializationOptions." + CLIENT + ": expected {\""
                    + APPLY_EDIT + "\": true}, got " + Echo.bounded(client.toString()) + "; nothing declared"));
        }
        if (!applyEdit.isJsonPrimitive() || !applyEdit.getAsJsonPrimitive().isBoolean()) {
            return new Declared(declared, Optional.of("initializationOptions." + CLIENT + "." + APPLY_EDIT
                    + ": expected true or false, got " + Echo.bounded(applyEdit.toString()) + "; nothing declared"));
        }
        if (applyEdit.getAsBoolean()) {
            WorkspaceClientCapabilities workspace = declared.getWorkspace() == null ? new WorkspaceClientCapabilities()
                    : declared.getWorkspace();
            workspace.setApplyEdit(true);
            declared.setWorkspace(workspace);
        }
        return new Declared(declared, Optional.empty());
    }

    private SetUpDeclarations() {}
}
