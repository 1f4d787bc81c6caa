package dev.agentls.acp;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A prompt's content blocks as the run's task text: text as it is, a resource link as a reference the model can
 * read, an embedded resource (the editor's selection or file) quoted with its URI. Images and audio are refused, as
 * {@code initialize} said.
 */
final class PromptText {

    private PromptText() {}

    static String of(JsonNode blocks) {
        if (!blocks.isArray() || blocks.isEmpty()) {
            throw new AcpException(AcpException.INVALID_PARAMS, "prompt must be a non-empty array of content blocks");
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode block : blocks) {
            String type = block.path("type").asText();
            switch (type) {
                case "text" -> text.append(required(block, "text"));
                case "resource_link" -> text.append("\n[").append(block.path("name").asText("file")).append("](")
                        .append(required(block, "uri")).append(")\n");
                case "resource" -> {
                    JsonNode resource = block.path("resource");
                    if (!resource.path("text").isTextual()) {
                        throw new AcpException(AcpException.INVALID_PARAMS, "an embedded resource must be text"
                                + " (promptCapabilities: binary resources are not taken); got one without text: "
                                + resource.path("uri").asText("no uri"));
                    }
                    text.append("\n").append(resource.path("uri").asText("selection")).append(":\n```\n")
                            .append(resource.get("text").asText()).append("\n```\n");
                }
                default -> throw new AcpException(AcpException.INVALID_PARAMS, "content block type '" + type
                        + "' is not taken (promptCapabilities: image and audio are false); send text, resource_link"
                        + " or resource");
            }
        }
        return text.toString();
    }

    private static String required(JsonNode block, String field) {
        if (!block.path(field).isTextual()) {
            throw new AcpException(AcpException.INVALID_PARAMS, "a " + block.path("type").asText() + " block needs"
                    + " a string '" + field + "'");
        }
        return block.get(field).asText();
    }
}
