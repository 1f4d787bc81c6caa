package dev.agentls.lsp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The commands a session answers, by id, in the table's order (the order advertised to the editor). */
final class CommandTable {

    private final Map<String, CommandHandler> handlers;

    CommandTable(Map<String, CommandHandler> handlers) {
        this.handlers = new LinkedHashMap<>(handlers);
    }

    Optional<CommandHandler> find(String id) {
        return Optional.ofNullable(handlers.get(id));
    }

    List<String> ids() {
        return new ArrayList<>(handlers.keySet());
    }
}
