package dev.agentls.lsp;

import com.google.gson.JsonObject;
import java.util.List;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.ResourceOperationKind;
import org.eclipse.lsp4j.ShowDocumentCapabilities;
import org.eclipse.lsp4j.WindowShowMessageRequestActionItemCapabilities;
import org.eclipse.lsp4j.WindowClientCapabilities;
import org.eclipse.lsp4j.WindowShowMessageRequestCapabilities;
import org.eclipse.lsp4j.WorkspaceClientCapabilities;
import org.eclipse.lsp4j.WorkspaceEditCapabilities;

/**
 * A real LSP client as the run tests imitate it: what it declares at {@code initialize} (the parts that decide how a
 * run reaches it, as read from each client's source) and how it answers. Helix 25.07.1 declares versioned edits,
 * progress and showDocument, no message buttons, and answers showMessageRequest with MethodNotFound. Neovim 0.7
 * declares buttons and progress, no versioned edits, applies a stale edit by skipping it, and reports its buffers
 * 150 ms later. eglot 1.9 declares versioned edits and progress, no buttons, and reports buffers after 0.5 s idle.
 * Vim's ALE declares no applyEdit and never answers one.
 */
record RealClient(String name, ClientCapabilities capabilities, boolean answersShowMessageRequest,
                  boolean answersApplyEdit, boolean skipsStaleEdits, long reportDelayMillis) {

    static RealClient helix() {
        ClientCapabilities capabilities = new ClientCapabilities();
        capabilities.setWorkspace(workspace(true, true));
        WindowClientCapabilities window = new WindowClientCapabilities();
        window.setWorkDoneProgress(true);
        window.setShowDocument(new ShowDocumentCapabilities(true));
        capabilities.setWindow(window);
        return new RealClient("Helix 25.07.1", capabilities, false, true, false, 0);
    }

    static RealClient neovim07() {
        ClientCapabilities capabilities = new ClientCapabilities();
        capabilities.setWorkspace(workspace(true, false));
        WindowClientCapabilities window = new WindowClientCapabilities();
        window.setWorkDoneProgress(true);
        WindowShowMessageRequestCapabilities showMessage = new WindowShowMessageRequestCapabilities();
        showMessage.setMessageActionItem(new WindowShowMessageRequestActionItemCapabilities(false));
        window.setShowMessage(showMessage);
        window.setShowDocument(new ShowDocumentCapabilities(false));
        capabilities.setWindow(window);
        return new RealClient("Neovim 0.7", capabilities, true, true, true, 150);
    }

    static RealClient eglot19() {
        ClientCapabilities capabilities = new ClientCapabilities();
        capabilities.setWorkspace(workspace(true, true));
        WindowClientCapabilities window = new WindowClientCapabilities();
        window.setWorkDoneProgress(true);
        capabilities.setWindow(window);
        return new RealClient("eglot 1.9", capabilities, true, true, false, 500);
    }

    static RealClient ale() {
        ClientCapabilities capabilities = new ClientCapabilities();
        capabilities.setWorkspace(workspace(false, false));
        return new RealClient("ALE", capabilities, false, false, false, 0);
    }

    /** This client (its capabilities changed in place: build a fresh one per test), also declaring our experimental capabilities ({@code agentlsEvents}, {@code agentlsAsk}). */
    RealClient declaring(boolean events, boolean ask) {
        ClientCapabilities copy = capabilities;
        JsonObject experimental = new JsonObject();
        experimental.addProperty(ClientExtensions.EVENTS, events);
        experimental.addProperty(ClientExtensions.ASK, ask);
        copy.setExperimental(experimental);
        return new RealClient(name, copy, answersShowMessageRequest, answersApplyEdit, skipsStaleEdits,
                reportDelayMillis);
    }

    /** This client, also declaring that it saves buffers when asked ({@code agentlsSave}), with events declared. */
    RealClient declaringSave() {
        ClientCapabilities copy = capabilities;
        JsonObject experimental = new JsonObject();
        experimental.addProperty(ClientExtensions.EVENTS, true);
        experimental.addProperty(ClientExtensions.SAVE, true);
        copy.setExperimental(experimental);
        return new RealClient(name + " (saving)", copy, answersShowMessageRequest, answersApplyEdit, skipsStaleEdits,
                reportDelayMillis);
    }

    /** This client, declaring message buttons it then answers with MethodNotFound (a client that misdeclares). */
    RealClient declaringButtonsItCannotShow() {
        ClientCapabilities copy = capabilities;
        WindowClientCapabilities window = copy.getWindow() == null ? new WindowClientCapabilities() : copy.getWindow();
        WindowShowMessageRequestCapabilities showMessage = new WindowShowMessageRequestCapabilities();
        showMessage.setMessageActionItem(new WindowShowMessageRequestActionItemCapabilities(false));
        window.setShowMessage(showMessage);
        copy.setWindow(window);
        return new RealClient(name + " (declaring buttons)", copy, false, answersApplyEdit, skipsStaleEdits,
                reportDelayMillis);
    }

    private static WorkspaceClientCapabilities workspace(boolean applyEdit, boolean documentChanges) {
        WorkspaceClientCapabilities workspace = new WorkspaceClientCapabilities();
        workspace.setApplyEdit(applyEdit);
        WorkspaceEditCapabilities edits = new WorkspaceEditCapabilities();
        if (documentChanges) {
            edits.setDocumentChanges(true);
        }
        edits.setResourceOperations(List.of(ResourceOperationKind.Create, ResourceOperationKind.Rename,
                ResourceOperationKind.Delete));
        workspace.setWorkspaceEdit(edits);
        return workspace;
    }

    @Override
    public String toString() {
        return name;
    }
}
