package dev.agentls.lsp;

import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.lazy.LazyMerger;
import dev.agentls.host.EditPlanner;
import dev.agentls.host.LazyEditPlanner;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The table of {@code agentls.*} commands a session offers: each id with the function that makes its handler from the
 * session's collaborators. Adding a command is one line here; the advertised ids are this table's keys.
 */
final class StandardCommands {

    /** What several commands share, made once per session. */
    private record Parts(SessionParts session, EditPlanner planner, LazyEditPlanner lazyPlanner, DeniedTargets denied,
                         EditPlanApplier applier, RunRequests requests, RollbackCommand rollback) {

        static Parts of(SessionParts session) {
            return new Parts(session,
                    new EditPlanner(session.roots(), session.documents(), new SearchReplaceEngine()),
                    new LazyEditPlanner(session.roots(), session.documents(), new LazyMerger()),
                    new DeniedTargets(session.roots(), session.policy()),
                    new EditPlanApplier(session.checkpoints(), session.host()),
                    new RunRequests(session.roots(), session.documents()),
                    new RollbackCommand(session.checkpoints(), session.documents(), session.host()));
        }
    }

    private static final Map<String, Function<Parts, CommandHandler>> TABLE = table(List.of(
            entry(ApplyEditsCommand.ID, p -> new ApplyEditsCommand(p.planner(), p.denied(), p.applier())),
            entry(ApplyLazyEditCommand.ID, p -> new ApplyLazyEditCommand(p.lazyPlanner(), p.denied(), p.applier())),
            entry(RunToolCommand.ID, p -> new RunToolCommand(p.session().tools())),
            entry(CheckpointsCommand.ID, p -> new CheckpointsCommand(p.session().checkpoints())),
            entry(RollbackCommand.ID, Parts::rollback),
            entry(StartRunCommand.ID, p -> new StartRunCommand(p.requests(), p.session().runs(), p.session().done())),
            entry(RunLinesCommand.ID, p -> new RunLinesCommand(p.requests(), p.session().runs(), p.session().done())),
            entry(RunCommands.CANCEL, p -> RunCommands.cancel(p.session().runs())),
            entry(RunCommands.STEER, p -> RunCommands.steer(p.session().runs())),
            entry(RunCommands.APPROVE, p -> RunCommands.approve(p.session().waiting())),
            entry(RunCommands.DENY, p -> RunCommands.deny(p.session().waiting())),
            entry(RunCommands.ANSWER, p -> RunCommands.answer(p.session().waiting())),
            entry(RunCommands.CONVERSATIONS, p -> RunCommands.conversations(p.session().runs())),
            entry(RunCommands.MCP, p -> RunCommands.mcp(p.session().runs())),
            entry(CompactCommand.ID, p -> new CompactCommand(p.session().runs())),
            entry(KeepHunkCommand.ID, p -> new KeepHunkCommand(p.session().review())),
            entry(RevertHunkCommand.ID, p -> new RevertHunkCommand(p.session().review(), p.session().roots(),
                    p.session().documents(), p.session().host())),
            entry(RevertRunCommand.ID, p -> new RevertRunCommand(p.session().review(), p.rollback()))));

    /**
     * The table's ids, in its order: the {@link InitializeFront} advertises them before any session's table is built
     * ({@code InitializeFrontTest} holds its answer equal to the table's, byte for byte).
     */
    static final List<String> IDS = List.copyOf(TABLE.keySet());

    private StandardCommands() {}

    static CommandTable of(SessionParts session) {
        Parts parts = Parts.of(session);
        Map<String, CommandHandler> handlers = new LinkedHashMap<>();
        TABLE.forEach((id, make) -> handlers.put(id, make.apply(parts)));
        return new CommandTable(handlers);
    }

    private static Map.Entry<String, Function<Parts, CommandHandler>> entry(String id,
                                                                            Function<Parts, CommandHandler> make) {
        return Map.entry(id, make);
    }

    private static Map<String, Function<Parts, CommandHandler>> table(
            List<Map.Entry<String, Function<Parts, CommandHandler>>> entries) {
        Map<String, Function<Parts, CommandHandler>> table = new LinkedHashMap<>();
        for (Map.Entry<String, Function<Parts, CommandHandler>> entry : entries) {
            if (table.putIfAbsent(entry.getKey(), entry.getValue()) != null) {
                throw new IllegalStateException("command " + entry.getKey() + " is in the table twice");
            }
        }
        return Collections.unmodifiableMap(table);
    }
}
