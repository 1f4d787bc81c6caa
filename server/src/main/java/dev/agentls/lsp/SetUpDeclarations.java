package dev.agentls.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.WorkspaceClientCapabilities;

/**
 * What a user's set-up declares for a client that cannot declare it itself, in initializationOptions beside the
 * settings: {@code {"agentls": {...settings}, "client": {"applyEdit": true, "agentlsSave": true}}}. Vim's ALE sends
 * fixed capabilities at {@code initialize} ({@code workspace.applyEdit: false}, no {@code experimental}), whatever
 * the set-up does; {@code editors/vim/agentls.vim} handles {@code workspace/applyEdit} and
 * {@code agentls/saveDocuments} itself, so it declares them here. Only {@code true} declares anything; any other
 * value is named in a warning and declares nothing.
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
        JsonObject entries = client.isJsonObject() ? client.getAsJsonObject() : new JsonObject();
        if (!entries.has(APPLY_EDIT) && !entries.has(ClientExtensions.SAVE)) {
            return new Declared(declared, Optional.of("initializationOptions." + CLIENT + ": expected {\""
                    + APPLY_EDIT + "\": true} or {\"" + ClientExtensions.SAVE + "\": true}, got "
                    + Echo.bounded(client.toString()) + "; nothing declared"));
        }
        List<String> warnings = new ArrayList<>();
        if (declares(entries, APPLY_EDIT, warnings)) {
            WorkspaceClientCapabilities workspace = declared.getWorkspace() == null ? new WorkspaceClientCapabilities()
                    : declared.getWorkspace();
            workspace.setApplyEdit(true);
            declared.setWorkspace(workspace);
        }
        if (declares(entries, ClientExtensions.SAVE, warnings)) {
            JsonObject experimental = declared.getExperimental() instanceof JsonObject object ? object
                    : new JsonObject();
            experimental.addProperty(ClientExtensions.SAVE, true);
            declared.setExperimental(experimental);
        }
        return new Declared(declared, warnings.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", warnings)));
    }

    /** Whether {@code entries} holds {@code name: true}; a value that is not a boolean is named in {@code warnings}. */
    private static boolean declares(JsonObject entries, String name, List<String> warnings) {
        JsonElement value = entries.get(name);
        if (value == null) {
            return false;
        }
        if (!value.isJsonPrimitive() || !value.getAsJsonPrimitive().isBoolean()) {
            warnings.add("initializationOptions." + CLIENT + "." + name + ": expected true or false, got "
                    + Echo.bounded(value.toString()) + "; nothing declared");
            return false;
        }
        return value.getAsBoolean();
    }

    private SetUpDeclarations() {}
}
