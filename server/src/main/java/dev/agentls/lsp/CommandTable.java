package dev.agentls.lsp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The commands a session answers, by id, in registration order (the order advertised to the editor). */
final class CommandTable {

    private final Map<String, CommandHandler> handlers = new LinkedHashMap<>();

    CommandTable(List<CommandHandler> handlers) {
        for (CommandHandler handler : handlers) {
            if (this.handlers.putIfAbsent(handler.id(), handler) != null) {
                throw new IllegalArgumentException("command " + handler.id() + " is registered twice");
            }
        }
    }

    Optional<CommandHandler> find(String id) {
        return Optional.ofNullable(handlers.get(id));
    }

    List<String> ids() {
        return new ArrayList<>(handlers.keySet());
    }
}
