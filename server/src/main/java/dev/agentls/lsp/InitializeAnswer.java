package dev.agentls.lsp;

import com.google.gson.Gson;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The body of the initialize answer written by the {@link InitializeFront}, as text: the same members, in the same
 * order and with the same escaping as LSP4J writes {@link AgentLanguageServer#initialize}'s result (the capabilities
 * do not depend on the request), without building {@code ServerCapabilities} or Gson's reflective adapters for it.
 * {@code InitializeFrontTest} holds the two byte for byte equal.
 */
final class InitializeAnswer {

    private final List<String> commands;
    private final String version;

    /**
     * @param commands the ids advertised in {@code executeCommandProvider}, in the session's order
     * @param version  the {@code serverInfo.version}
     */
    InitializeAnswer(List<String> commands, String version) {
        this.commands = List.copyOf(commands);
        this.version = version;
    }

    /**
     * The whole message for the request with this id (a String or a Number, as the request gave it), written with
     * {@code gson} (LSP4J's, for its escaping).
     */
    byte[] frame(Object id, Gson gson) {
        StringBuilder body = new StringBuilder(800);
        body.append("{\"jsonrpc\":\"2.0\",\"id\":").append(gson.toJson(id))
                .append(",\"result\":{\"capabilities\":{\"textDocumentSync\":1,\"codeActionProvider\":true,")
                .append("\"executeCommandProvider\":{\"commands\":[");
        for (int i = 0; i < commands.size(); i++) {
            body.append(i == 0 ? "" : ",").append(gson.toJson(commands.get(i)));
        }
        body.append("]},\"workspace\":{\"workspaceFolders\":{\"supported\":true,\"changeNotifications\":true}}},")
                .append("\"serverInfo\":{\"name\":\"agentls\",\"version\":").append(gson.toJson(version))
                .append("}}}");
        byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
        byte[] header = ("Content-Length: " + bytes.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] frame = new byte[header.length + bytes.length];
        System.arraycopy(header, 0, frame, 0, header.length);
        System.arraycopy(bytes, 0, frame, header.length, bytes.length);
        return frame;
    }

    /** The ids this answer advertises. */
    List<String> commands() {
        return commands;
    }

    /** The version {@code serverInfo} names: the jar's Implementation-Version, else "dev". */
    static String serverVersion() {
        String version = InitializeAnswer.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }
}
