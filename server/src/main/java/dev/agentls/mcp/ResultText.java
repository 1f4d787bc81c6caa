package dev.agentls.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;

/**
 * Turns what an MCP server answered into the text a model reads: text as it is, images, audio and binary resources
 * as a note (their bytes would only fill the context), the whole bounded to {@link #MAX_CHARS} with a note saying
 * how much was cut.
 */
final class ResultText {

    static final int MAX_CHARS = 50_000;

    /** The text and whether it was cut. */
    record Bounded(String text, boolean cut, int fullLength) {}

    private ResultText() {}

    static Bounded ofContent(List<McpSchema.Content> content) {
        StringBuilder text = new StringBuilder();
        for (McpSchema.Content item : content == null ? List.<McpSchema.Content>of() : content) {
            if (text.length() > 0) {
                text.append('\n');
            }
            if (item instanceof McpSchema.TextContent t) {
                text.append(t.text());
            } else if (item instanceof McpSchema.ImageContent image) {
                text.append(binaryNote("image", image.mimeType(), image.data()));
            } else if (item instanceof McpSchema.AudioContent audio) {
                text.append(binaryNote("audio", audio.mimeType(), audio.data()));
            } else if (item instanceof McpSchema.EmbeddedResource embedded) {
                text.append(ofResource(embedded.resource()));
            } else if (item instanceof McpSchema.ResourceLink link) {
                text.append("[resource link: ").append(link.uri()).append(link.name() == null ? "" : " (" + link.name()
                        + ")").append(']');
            } else {
                text.append("[content of type ").append(item.type()).append(" not shown]");
            }
        }
        return bound(text.toString());
    }

    static Bounded ofResources(List<McpSchema.ResourceContents> contents) {
        StringBuilder text = new StringBuilder();
        for (McpSchema.ResourceContents item : contents == null ? List.<McpSchema.ResourceContents>of() : contents) {
            if (text.length() > 0) {
                text.append('\n');
            }
            text.append(ofResource(item));
        }
        return bound(text.toString());
    }

    private static String ofResource(McpSchema.ResourceContents resource) {
        if (resource instanceof McpSchema.TextResourceContents t) {
            return t.text();
        }
        if (resource instanceof McpSchema.BlobResourceContents blob) {
            return "[binary resource " + blob.uri() + ": " + binaryNote("data", blob.mimeType(), blob.blob()) + "]";
        }
        return "[resource " + resource.uri() + " not shown]";
    }

    private static String binaryNote(String what, String mimeType, String base64) {
        long bytes = base64 == null ? 0 : base64.length() * 3L / 4;
        return "[" + what + " (" + (mimeType == null ? "unknown type" : mimeType) + ", about " + bytes
                + " bytes) not shown: the model reads text only]";
    }

    static Bounded bound(String text) {
        if (text.length() <= MAX_CHARS) {
            return new Bounded(text, false, text.length());
        }
        int cut = text.length() - MAX_CHARS;
        return new Bounded(text.substring(0, MAX_CHARS) + "\n[result cut: " + cut + " of " + text.length()
                + " characters left out; ask the server for less, e.g. a narrower query or a range]", true,
                text.length());
    }
}
