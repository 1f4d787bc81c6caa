package dev.agentls.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ModelRequest;
import dev.agentls.llm.TokenUsage;
import dev.agentls.llm.ToolCall;
import dev.agentls.outline.TokenCounter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a conversation sends: the newest copy of each file once, pruned to the safe zone. Decisions are recorded in
 * the conversation ({@link ContextState}) and only ever added to, so every request repeats the previous one's prefix
 * until a new decision is made, and a resumed conversation sends exactly what it would have.
 *
 * <p>De-duplication: a whole read of a file unchanged since the copy sent before it is sent as a line pointing to that
 * copy. A {@code read_file} result is superseded by a later whole read of the same file with other content; superseded copies
 * become one line ("src/Foo.java as read at step 3: see the newest copy further down"), only when the history passes
 * its budget (or by hand): collapsing a copy changes the request from that copy on, and the provider bills that whole
 * tail again as a cache write (Anthropic: 1.25x the input price, against 0.1x for a cache read), so an append-only
 * history until the budget bills less than one rewritten every few steps ({@code scripts/bench-context} prices both).
 * The newest copy, and any result the model has not seen yet, is never cut.
 *
 * <p>Pruning: when the history passes its budget (the safe zone less what the system prompt, tools and answer need),
 * the oldest tool results are cleared first (their call stays, the result becomes a summary line), then the oldest
 * turns are dropped, until the history fits three quarters of the budget, so the steps after it keep their prefix.
 * Never touched: the last six messages, the first user request (the task), the newest user message and the
 * request that started the newest run, and the {@code create_plan} call with its result (the current plan); nothing
 * is dropped that would not make the history smaller. Rules live in the system prompt, which is never pruned.
 */
public final class ContextHistory implements RequestHistory {

    static final int KEEP_LAST = 6;
    private static final double PRUNE_TO = 0.75;

    private final MessageTokens tokens;
    private final long budget;
    private final HistoryTools tools;
    private final Map<ToolCall, Optional<String>> wholeReads = new HashMap<>();

    /** @param budget tokens the history may take: the safe zone less the system prompt, tools and the answer */
    public ContextHistory(TokenCounter counter, long budget, HistoryTools tools) {
        if (budget < 1) {
            throw new IllegalArgumentException("the history's budget must be positive, not " + budget);
        }
        this.tokens = new MessageTokens(counter);
        this.budget = budget;
        this.tools = Objects.requireNonNull(tools, "tools");
    }

    public TokenCounter counter() {
        return tokens.counter();
    }

    /**
     * Corrects the counter from the prompt tokens the provider reported for a request this history built, so an
     * estimating counter (no tokenizer for the model) prunes at the safe zone the provider counts, not ours.
     */
    @Override
    public void observe(ModelRequest sent, TokenUsage reported) {
        if (reported.input() > 0) {
            tokens.counter().calibrate(tokens.count(sent), reported.input());
        }
    }

    @Override
    public Next next(Conversation conversation, Set<String> exclude) {
        return fit(conversation, exclude, false);
    }

    /**
     * Prunes by hand ({@code agentls.compact}): every superseded copy collapsed, then the history pruned to three
     * quarters of its size, with the same protections as automatic pruning. Returns what the next request sends.
     */
    @Override
    public Next compact(Conversation conversation) {
        return fit(conversation, Set.of(), true);
    }

    private synchronized Next fit(Conversation conversation, Set<String> exclude, boolean byHand) {
        List<ConversationMessage> all = conversation.messages();
        ContextState state = conversation.context();
        // Keyed by the result's message id, not the call id: conversations saved before XML-mode call ids were
        // unique reuse xml_call_0 at every answer, so only the answer just before a result says which call it
        // answers.
        Map<String, String> callTool = new HashMap<>();
        Map<String, Optional<String>> callPath = new HashMap<>();
        Map<String, Integer> callStep = new HashMap<>();
        Map<String, ToolCall> answered = new HashMap<>();
        int step = 0;
        for (ConversationMessage m : all) {
            if (m.message() instanceof ModelMessage.Assistant a) {
                step++;
                answered.clear();
                for (ToolCall call : a.toolCalls()) {
                    answered.put(call.id(), call);
                }
            } else if (m.message() instanceof ModelMessage.ToolResult r && answered.containsKey(r.callId())) {
                ToolCall call = answered.get(r.callId());
                callTool.put(m.id(), call.name());
                callPath.put(m.id(), wholeReadPath(call));
                callStep.put(m.id(), step);
            }
        }
        HistoryRendering rendering = new HistoryRendering(all, exclude, callPath, callStep, tokens);
        if (!byHand && rendering.upperBound(state) <= budget) {
            // The history fits even by its byte bound: nothing is collapsed or pruned, so the exact count (and the
            // tokenizer's load, which a run's first request would otherwise wait for) is skipped.
            conversation.context(state);
            return new Next(rendering.messages(state), List.of());
        }
        List<RequestHistory.Pruned> pruned = new ArrayList<>();
        long total = rendering.tokens(state);
        long limit = byHand ? Math.max(1, total * 3 / 4) : budget;
        Set<String> stale = staleCopies(all, state, callPath);
        // Only when the history must shrink anyway: a collapse changes the request from the oldest copy on, and the
        // provider bills that whole tail again as a cache write.
        if (!stale.isEmpty() && (byHand || total > limit)) {
            ContextState collapsed = state.plus(stale, Set.of(), Set.of());
            long after = rendering.tokens(collapsed);
            if (after < total) {
                pruned.add(new RequestHistory.Pruned(stale.size() + " older file "
                        + (stale.size() == 1 ? "copy" : "copies") + " replaced by a line pointing to the newest ("
                        + paths(stale, all, callPath) + ")", total - after));
                state = collapsed;
                total = after;
            }
        }
        if (total > limit) {
            // Automatic pruning leaves room for the next steps, so they keep the new prefix; by hand, 3/4 is the aim.
            long target = byHand ? limit : (long) (limit * PRUNE_TO);
            Set<String> keep = protectedIds(all, callTool);
            List<String> cleared = new ArrayList<>();
            long before = total;
            for (ConversationMessage m : all) {
                if (total <= target) {
                    break;
                }
                if (m.message() instanceof ModelMessage.ToolResult r && !keep.contains(m.id())
                        && !exclude.contains(m.id()) && !state.cleared().contains(m.id())
                        && !state.superseded().contains(m.id()) && !state.dropped().contains(m.id())) {
                    // Clearing one result changes only its own line: counted by the difference, so an answer of
                    // thousands of calls costs one count per result, not one count of the whole history per result.
                    long saved = tokens.count(r) - tokens.count(HistoryRendering.cleared(r));
                    if (saved > 0) { // a result shorter than its summary line stays as it is
                        cleared.add(m.id());
                        total -= saved;
                    }
                }
            }
            state = state.plus(Set.of(), Set.copyOf(cleared), Set.of());
            if (!cleared.isEmpty()) {
                pruned.add(new RequestHistory.Pruned("cleared the " + cleared.size() + " oldest tool "
                        + (cleared.size() == 1 ? "result" : "results") + " (" + String.join(", ", cleared)
                        + "; their calls stay, each with a summary line)", before - total));
            }
            before = total;
            int droppedTurns = 0;
            int droppedMessages = 0;
            for (List<ConversationMessage> turn : turns(all)) {
                if (total <= target) {
                    break;
                }
                Set<String> ids = new HashSet<>();
                turn.forEach(m -> ids.add(m.id()));
                ContextState current = state;
                if (ids.stream().anyMatch(id -> keep.contains(id) || current.dropped().contains(id))) {
                    continue;
                }
                ContextState dropped = state.plus(Set.of(), Set.of(), ids);
                long after = rendering.tokens(dropped);
                if (after >= total) {
                    continue;  // the note saying a turn was dropped would cost more than the turn
                }
                state = dropped;
                droppedTurns++;
                droppedMessages += ids.size();
                total = after;
            }
            if (droppedTurns > 0) {
                pruned.add(new RequestHistory.Pruned("dropped the " + droppedTurns + " oldest "
                        + (droppedTurns == 1 ? "turn" : "turns") + " (" + droppedMessages + " messages)",
                        before - total));
            }
        }
        conversation.context(state);
        return new Next(rendering.messages(state), pruned);
    }

    /** The path a call read whole (the read tool without a range), or empty for any other call. */
    private Optional<String> wholeReadPath(ToolCall call) {
        if (!call.name().equals(tools.readFile())) {
            return Optional.empty();
        }
        return wholeReads.computeIfAbsent(call, c -> {
            try {
                JsonNode args = JsonTrees.read(c.argumentsJson());
                Optional<String> path = fileArgument(args);
                if (path.isEmpty() || tools.rangeArguments().stream().anyMatch(args::hasNonNull)) {
                    return Optional.empty();
                }
                return Optional.of(normalize(path.get()));
            } catch (IOException e) {
                return Optional.empty();
            }
        });
    }

    /**
     * The file a call names, under the first of the read tool's names for it that the model wrote.
     */
    private Optional<String> fileArgument(JsonNode args) {
        if (args == null) {
            return Optional.empty();
        }
        for (String name : tools.fileArguments()) {
            if (args.path(name).isTextual()) {
                return Optional.of(args.path(name).asText());
            }
        }
        return Optional.empty();
    }

    private static String normalize(String path) {
        String p = path.strip().replace('\\', '/');
        while (p.startsWith("./")) {
            p = p.substring(2);
        }
        return p;
    }

    /**
     * Successful whole reads followed by a later successful whole read of the same file with other content, not yet
     * collapsed: a re-read of an unchanged file leaves the copy it repeats in place.
     */
    private static Set<String> staleCopies(List<ConversationMessage> all, ContextState state,
                                           Map<String, Optional<String>> callPath) {
        Map<String, String> latest = new HashMap<>();
        Set<String> changedSince = new HashSet<>();
        Set<String> stale = new TreeSet<>();
        for (int i = all.size() - 1; i >= 0; i--) {
            ConversationMessage m = all.get(i);
            if (m.message() instanceof ModelMessage.ToolResult r && !r.error()) {
                Optional<String> path = callPath.getOrDefault(m.id(), Optional.empty());
                if (path.isPresent()) {
                    String newer = latest.putIfAbsent(path.get(), r.content());
                    if (newer != null && !newer.equals(r.content())) {
                        changedSince.add(path.get());
                    }
                    if (changedSince.contains(path.get()) && !state.superseded().contains(m.id())
                            && !state.dropped().contains(m.id())) {
                        stale.add(m.id());
                    }
                }
            }
        }
        return stale;
    }

    private static String paths(Set<String> ids, List<ConversationMessage> all, Map<String, Optional<String>> callPath) {
        Set<String> paths = new TreeSet<>();
        for (ConversationMessage m : all) {
            if (ids.contains(m.id()) && m.message() instanceof ModelMessage.ToolResult) {
                callPath.getOrDefault(m.id(), Optional.empty()).ifPresent(paths::add);
            }
        }
        return String.join(", ", paths);
    }

    /** The last six messages, the newest user request, and the create_plan call with its result. */
    private Set<String> protectedIds(List<ConversationMessage> all, Map<String, String> callTool) {
        Set<String> keep = new HashSet<>();
        for (int i = Math.max(0, all.size() - KEEP_LAST); i < all.size(); i++) {
            keep.add(all.get(i).id());
        }
        for (int i = all.size() - 1; i >= 0; i--) {
            if (all.get(i).message() instanceof ModelMessage.User) {
                keep.add(all.get(i).id());
                break;
            }
        }
        // The first request is the task itself: without it the model goes on with no idea what it was asked.
        all.stream().filter(m -> m.message() instanceof ModelMessage.User).findFirst().ifPresent(m -> keep.add(m.id()));
        // The request that started the newest run, which later user messages (steering, a map read late) follow.
        String newestRun = all.isEmpty() ? "" : all.get(all.size() - 1).runId();
        for (ConversationMessage m : all) {
            if (m.runId().equals(newestRun) && m.message() instanceof ModelMessage.User) {
                keep.add(m.id());
                break;
            }
        }
        for (ConversationMessage m : all) {
            if (m.message() instanceof ModelMessage.Assistant a
                    && a.toolCalls().stream().anyMatch(c -> c.name().equals(tools.createPlan()))) {
                keep.add(m.id());
            } else if (m.message() instanceof ModelMessage.ToolResult
                    && tools.createPlan().equals(callTool.get(m.id()))) {
                keep.add(m.id());
            }
        }
        return keep;
    }

    /** Turns as units that can go without breaking a call from its result: a user message, or an answer with them. */
    private static List<List<ConversationMessage>> turns(List<ConversationMessage> all) {
        List<List<ConversationMessage>> turns = new ArrayList<>();
        List<ConversationMessage> current = null;
        for (ConversationMessage m : all) {
            if (m.message() instanceof ModelMessage.ToolResult && current != null) {
                current.add(m);
                continue;
            }
            current = new ArrayList<>();
            current.add(m);
            turns.add(current);
        }
        return turns;
    }
}
