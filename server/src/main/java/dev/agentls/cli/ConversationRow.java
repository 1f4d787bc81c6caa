package dev.agentls.cli;

import dev.agentls.conversation.Conversation;
import dev.agentls.conversation.ConversationMessage;
import dev.agentls.conversation.RunRecord;
import dev.agentls.llm.ModelMessage;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;

/**
 * One line of {@code agentls conversations list}: id, date of the last change, status of the last run, cost, and
 * the title (the one given, else the first request's first line). A conversation the model never answered is no
 * row: a run that failed before reaching a model leaves nothing to go on with.
 */
record ConversationRow(String id, Instant changed, String status, String cost, String title, int messages) {

    private static final int TITLE_CHARS = 60;
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);

    /** The row of {@code c}, changed last at {@code fileTime}; empty when the model never answered in it. */
    static Optional<ConversationRow> of(Conversation c, Instant fileTime) {
        List<ConversationMessage> messages = c.messages();
        if (messages.stream().noneMatch(m -> m.message() instanceof ModelMessage.Assistant)) {
            return Optional.empty();
        }
        List<RunRecord> runs = c.runs();
        Instant changed = runs.isEmpty() ? fileTime : runs.get(runs.size() - 1).ended();
        String status = runs.isEmpty() ? "-" : runs.get(runs.size() - 1).status();
        return Optional.of(new ConversationRow(c.id(), changed, status, cost(c, runs), title(c, messages),
                messages.size()));
    }

    private static String cost(Conversation c, List<RunRecord> runs) {
        if (runs.isEmpty()) {
            return "-";
        }
        Optional<BigDecimal> total = c.cost();
        return total.map(t -> "$" + t.setScale(4, RoundingMode.HALF_UP).toPlainString()).orElse("cost unknown");
    }

    private static String title(Conversation c, List<ConversationMessage> messages) {
        if (!c.title().isEmpty()) {
            return c.title();
        }
        String first = messages.stream().map(ConversationMessage::message)
                .filter(m -> m instanceof ModelMessage.User).map(m -> ((ModelMessage.User) m).text())
                .findFirst().orElse("(untitled)").strip().lines().findFirst().orElse("(untitled)");
        return first.length() <= TITLE_CHARS ? first : first.substring(0, TITLE_CHARS - 3) + "...";
    }

    String line() {
        return id + "  " + DATE.format(changed) + "  " + status + "  " + cost + "  " + title + "  (" + messages
                + " messages)";
    }
}
