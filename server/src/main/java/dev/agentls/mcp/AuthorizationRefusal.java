package dev.agentls.mcp;

import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * An HTTP server's 401 or 403, in words a user can act on: what the server wants (credentials, or other ones), where
 * they go (an {@code Authorization} header in the entry's {@code headers}; AgentLS runs no OAuth sign-in), and what its
 * {@code WWW-Authenticate} challenge names (realm, {@code resource_metadata}, scope, error). Only those parameters are
 * shown, each cut short and stripped of control characters, since a server's header may be anything; the entry's
 * header values are secrets and are never shown.
 */
record AuthorizationRefusal(int status, String scheme, Map<String, String> challenge) {

    /** The challenge parameters worth naming, in the order shown. */
    private static final List<String> SHOWN = List.of("realm", "resource_metadata", "scope", "error",
            "error_description");
    private static final int MAX_VALUE_CHARS = 200;
    private static final int MAX_HEADER_CHARS = 8_000;

    AuthorizationRefusal {
        challenge = Map.copyOf(challenge);
    }

    /** The refusal in {@code error}'s causes, if the SDK failed a request for a 401 or 403. */
    static Optional<AuthorizationRefusal> in(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof McpHttpClientTransportAuthorizationException refused) {
                return Optional.of(of(refused));
            }
        }
        return Optional.empty();
    }

    static AuthorizationRefusal of(McpHttpClientTransportAuthorizationException refused) {
        var response = refused.getResponseInfo();
        String header = response.headers().firstValue("WWW-Authenticate").orElse("");
        return parse(response.statusCode(), header);
    }

    /** The first challenge of a {@code WWW-Authenticate} value: its scheme and its {@code name=value} parameters. */
    static AuthorizationRefusal parse(int status, String header) {
        String text = header.length() > MAX_HEADER_CHARS ? header.substring(0, MAX_HEADER_CHARS) : header;
        text = text.strip();
        int space = text.indexOf(' ');
        String scheme = space < 0 ? text : text.substring(0, space);
        if (scheme.contains("=")) {
            scheme = "";
            space = -1;
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        int i = space < 0 ? (scheme.isEmpty() ? 0 : text.length()) : space + 1;
        while (i < text.length()) {
            while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == ',')) {
                i++;
            }
            int equals = text.indexOf('=', i);
            if (equals < 0) {
                break;
            }
            String name = text.substring(i, equals).strip().toLowerCase(Locale.ROOT);
            StringBuilder value = new StringBuilder();
            i = equals + 1;
            if (i < text.length() && text.charAt(i) == '"') {
                for (i++; i < text.length() && text.charAt(i) != '"'; i++) {
                    if (text.charAt(i) == '\\' && i + 1 < text.length()) {
                        i++;
                    }
                    value.append(text.charAt(i));
                }
                i++;
            } else {
                for (; i < text.length() && text.charAt(i) != ','; i++) {
                    value.append(text.charAt(i));
                }
            }
            if (SHOWN.contains(name) && !parameters.containsKey(name)) {
                parameters.put(name, clean(value.toString().strip()));
            }
        }
        return new AuthorizationRefusal(status, clean(scheme), parameters);
    }

    private static String clean(String value) {
        String printable = value.replaceAll("\\p{Cntrl}", "?");
        return printable.length() > MAX_VALUE_CHARS ? printable.substring(0, MAX_VALUE_CHARS) + "\u2026" : printable;
    }

    /**
     * {@code MCP server 'x' at URL answered 401 Unauthorized: it needs credentials; add an Authorization header to its entry
     * ("headers") ...}, then the challenge's parameters; says whether the entry already sends one.
     */
    String describe(McpServerEntry.Http entry) {
        boolean sends = entry.headers().keySet().stream().anyMatch(h -> h.equalsIgnoreCase("Authorization"));
        StringBuilder text = new StringBuilder("MCP server '").append(entry.name()).append("' at ")
                .append(entry.shown()).append(" answered ");
        if (status == 401) {
            text.append("401 Unauthorized: it needs credentials; ");
            text.append(sends ? "the Authorization header its entry sends was not accepted (wrong or expired):"
                    + " replace it in the entry's \"headers\"" : "add an Authorization header to its entry"
                    + " (\"headers\", e.g. \"Authorization\": \"Bearer ${TOKEN_VARIABLE}\")");
        } else {
            text.append(status).append(" Forbidden: it refused the credentials ");
            text.append(sends ? "of the Authorization header its entry sends (they may lack a permission or scope);"
                    + " change it in the entry's \"headers\"" : "it was given; add an Authorization header to its"
                    + " entry (\"headers\")");
        }
        text.append(" in ").append(entry.origin().label());
        List<String> named = new ArrayList<>();
        for (String name : SHOWN) {
            String value = challenge.get(name);
            if (value != null && !value.isEmpty()) {
                named.add(name + "=\"" + value + "\"");
            }
        }
        if (!scheme.isEmpty() || !named.isEmpty()) {
            text.append("; its WWW-Authenticate challenge: ").append(scheme.isEmpty() ? "" : scheme)
                    .append(scheme.isEmpty() || named.isEmpty() ? "" : " ").append(String.join(", ", named));
        } else {
            text.append("; it sent no WWW-Authenticate challenge");
        }
        return text.append(" (AgentLS does not run OAuth sign-in: get a token and put it in the header)").toString();
    }
}
