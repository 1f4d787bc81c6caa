package dev.agentls.mcp;

import dev.agentls.config.JsonKinds;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks one {@code mcpServers} object (from a {@code .mcp.json}, the user's file or settings) entry by entry: a
 * stdio entry {@code {"command", "args"?, "env"?}} or an HTTP one {@code {"type": "http", "url", "headers"?}}, both
 * with {@code autoApprove}? and {@code disabled}?. A bad entry is refused with a problem naming its file, server and
 * key, and the others still load; keys it does not know are ignored, as other clients add their own.
 */
final class McpConfigParser {

    /** Names become part of tool names ({@code mcp__<server>__<tool>}), which providers limit to these characters. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,40}");
    private static final int MAX_ITEMS = 1_000;
    private static final int MAX_TEXT = 32_768;
    private static final ObjectMapper CANONICAL = new ObjectMapper()
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    /** The entries that passed, and one message per refused entry. */
    record Parsed(List<McpServerEntry> entries, List<String> problems) {}

    private final VariableExpansion expansion;

    McpConfigParser(VariableExpansion expansion) {
        this.expansion = expansion;
    }

    Parsed parse(JsonNode servers, McpServerEntry.Origin origin) {
        List<McpServerEntry> entries = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        if (servers == null || servers.isNull() || servers.isMissingNode()) {
            return new Parsed(entries, problems);
        }
        if (!servers.isObject()) {
            problems.add(origin.label() + ": \"mcpServers\" must be an object of servers by name, got "
                    + JsonKinds.of(servers));
            return new Parsed(entries, problems);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = servers.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            try {
                entry(field.getKey(), field.getValue(), origin).ifPresent(entries::add);
            } catch (IllegalArgumentException e) {
                problems.add(origin.label() + ": server '" + shorten(field.getKey()) + "': " + e.getMessage()
                        + "; the server is not used");
            }
        }
        return new Parsed(entries, problems);
    }

    private java.util.Optional<McpServerEntry> entry(String name, JsonNode node, McpServerEntry.Origin origin) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("the name must be 1 to 40 letters, digits, '_' or '-' (it becomes"
                    + " part of tool names)");
        }
        if (!node.isObject()) {
            throw new IllegalArgumentException("the entry must be an object, got " + JsonKinds.of(node));
        }
        JsonNode disabled = node.get("disabled");
        if (disabled != null && !disabled.isNull() && !disabled.isBoolean()) {
            throw new IllegalArgumentException("'disabled' must be true or false, got " + JsonKinds.of(disabled));
        }
        if (disabled != null && disabled.asBoolean(false)) {
            return java.util.Optional.empty();
        }
        String type = node.has("type") ? text(node, "type") : (node.has("url") ? "http" : "stdio");
        Set<String> autoApprove = new LinkedHashSet<>(strings(node, "autoApprove"));
        String fingerprint = fingerprint(node);
        switch (type.toLowerCase(Locale.ROOT)) {
            case "stdio" -> {
                if (!node.has("command")) {
                    throw new IllegalArgumentException("'command' is missing (a stdio server needs the program to"
                            + " start)");
                }
                String command = expand("command", text(node, "command"));
                List<String> args = new ArrayList<>();
                for (String arg : strings(node, "args")) {
                    args.add(expand("args", arg));
                }
                Map<String, String> env = new LinkedHashMap<>();
                table(node, "env").forEach((key, value) -> env.put(key, expand("env." + key, value)));
                return java.util.Optional.of(new McpServerEntry.Stdio(name, origin, command, args, env,
                        autoApprove, fingerprint));
            }
            case "http", "streamable-http" -> {
                if (!node.has("url")) {
                    throw new IllegalArgumentException("'url' is missing (an http server needs its endpoint)");
                }
                URI url = url(expand("url", text(node, "url")));
                Map<String, String> headers = new LinkedHashMap<>();
                table(node, "headers").forEach((key, value) -> headers.put(key, expand("headers." + key, value)));
                return java.util.Optional.of(new McpServerEntry.Http(name, origin, url, headers, autoApprove,
                        fingerprint));
            }
            default -> throw new IllegalArgumentException("'type' must be \"stdio\" or \"http\", got \""
                    + shorten(type) + "\"");
        }
    }

    private String expand(String key, String value) {
        try {
            return expansion.expand(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + key + "' " + e.getMessage());
        }
    }

    private static URI url(String text) {
        try {
            URI url = new URI(text);
            String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && url.getHost() != null) {
                return url;
            }
        } catch (URISyntaxException e) {
            // reported below
        }
        throw new IllegalArgumentException("'url' must be an http:// or https:// URL, got \"" + shorten(text)
                + "\"");
    }

    private static String text(JsonNode node, String key) {
        JsonNode value = node.get(key);
        if (value == null || !value.isTextual() || value.textValue().isBlank()) {
            throw new IllegalArgumentException("'" + key + "' must be a non-empty string, got "
                    + (value == null ? "nothing" : JsonKinds.of(value)));
        }
        if (value.textValue().length() > MAX_TEXT) {
            throw new IllegalArgumentException("'" + key + "' is " + value.textValue().length()
                    + " characters long; the limit is " + MAX_TEXT);
        }
        return value.textValue();
    }

    private static List<String> strings(JsonNode node, String key) {
        JsonNode value = node.get(key);
        List<String> items = new ArrayList<>();
        if (value == null || value.isNull()) {
            return items;
        }
        if (!value.isArray()) {
            throw new IllegalArgumentException("'" + key + "' must be an array of strings, got " + JsonKinds.of(value));
        }
        if (value.size() > MAX_ITEMS) {
            throw new IllegalArgumentException("'" + key + "' has " + value.size() + " items; the limit is "
                    + MAX_ITEMS);
        }
        int index = 0;
        for (JsonNode item : value) {
            if (!item.isTextual() || item.textValue().length() > MAX_TEXT) {
                throw new IllegalArgumentException("'" + key + "' must be an array of strings; item " + (index + 1)
                        + " is " + (item.isTextual() ? "too long" : JsonKinds.of(item)));
            }
            items.add(item.textValue());
            index++;
        }
        return items;
    }

    private static Map<String, String> table(JsonNode node, String key) {
        JsonNode value = node.get(key);
        Map<String, String> table = new LinkedHashMap<>();
        if (value == null || value.isNull()) {
            return table;
        }
        if (!value.isObject()) {
            throw new IllegalArgumentException("'" + key + "' must be an object of strings, got " + JsonKinds.of(value));
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (!field.getValue().isTextual()) {
                // The value is never shown: env and headers hold secrets.
                throw new IllegalArgumentException("'" + key + "." + shorten(field.getKey())
                        + "' must be a string, got " + JsonKinds.of(field.getValue()));
            }
            table.put(field.getKey(), field.getValue().textValue());
        }
        return table;
    }

    /** SHA-256 of the entry as written, keys sorted, so reformatting the file does not ask for trust again. */
    static String fingerprint(JsonNode node) {
        try {
            Object plain = CANONICAL.treeToValue(node, Object.class);
            byte[] canonical = CANONICAL.writeValueAsString(plain).getBytes(StandardCharsets.UTF_8);
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical));
        } catch (com.fasterxml.jackson.core.JsonProcessingException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot hash an MCP server entry", e);
        }
    }

    private static String shorten(String text) {
        return text.length() <= 60 ? text : text.substring(0, 60) + "\u2026";
    }
}
