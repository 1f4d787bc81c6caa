package dev.agentls.tools;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Reads a {@link Parameter.Type#TITLED_ARRAY} value as models write it: an array of {@code {"title", "description"}}
 * objects, or of plain sentences (each a title); in XML mode the same as JSON text, or one title per line. Anything
 * else is refused naming the item and what it is.
 */
final class TitledItems {

    private static final ObjectMapper JSON = new ObjectMapper();

    private TitledItems() {}

    static List<Titled> convert(String name, JsonNode value) {
        JsonNode array = value;
        if (value.isTextual()) {
            String text = value.textValue().strip();
            if (text.startsWith("[")) {
                try {
                    array = JSON.readTree(text);
                } catch (JsonProcessingException e) {
                    array = null;
                }
            } else {
                array = null;
            }
            if (array == null || !array.isArray()) {
                List<Titled> items = new ArrayList<>();
                ArgumentValidator.itemsOfText(text).forEach(line -> items.add(new Titled(line, "")));
                return List.copyOf(items);
            }
        }
        if (!array.isArray()) {
            throw new IllegalArgumentException(name + " must be " + Parameter.Type.TITLED_ARRAY.phrase() + ", got "
                    + ArgumentValidator.describe(value));
        }
        List<Titled> items = new ArrayList<>();
        int index = 0;
        for (JsonNode item : array) {
            index++;
            if (item.isTextual()) {
                items.add(new Titled(item.textValue(), ""));
                continue;
            }
            if (!item.isObject()) {
                throw new IllegalArgumentException(name + " item " + index + " must be an object with a title (and"
                        + " a description), got " + ArgumentValidator.describe(item));
            }
            for (Iterator<String> keys = item.fieldNames(); keys.hasNext(); ) {
                String key = keys.next();
                if (!key.equals("title") && !key.equals("description")) {
                    throw new IllegalArgumentException(name + " item " + index + " has an unknown field '" + key
                            + "'; an item takes title and description");
                }
            }
            JsonNode title = item.get("title");
            JsonNode description = item.get("description");
            if (title == null || !title.isTextual()) {
                throw new IllegalArgumentException(name + " item " + index + " needs a title string");
            }
            if (description != null && !description.isNull() && !description.isTextual()) {
                throw new IllegalArgumentException(name + " item " + index + "'s description must be a string, got "
                        + ArgumentValidator.describe(description));
            }
            items.add(new Titled(title.textValue(), description == null || description.isNull() ? ""
                    : description.textValue()));
        }
        return List.copyOf(items);
    }
}
