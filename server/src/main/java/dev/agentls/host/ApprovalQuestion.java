package dev.agentls.host;

import java.util.EnumSet;
import java.util.Set;

/**
 * An approval a run asks for: its title, its detail (for a command, the command on the first line and why it needs
 * approval below) and the scopes the user may grant; a host offers exactly those, and {@link ApprovalScope#ONCE}
 * always.
 */
public record ApprovalQuestion(String title, String detail, Set<ApprovalScope> scopes) {

    public ApprovalQuestion {
        EnumSet<ApprovalScope> offered = EnumSet.of(ApprovalScope.ONCE);
        offered.addAll(scopes);
        scopes = Set.copyOf(offered);
    }

    /** A question answered yes or no: nothing of it can be remembered (an MCP server's trust, a tool call). */
    public static ApprovalQuestion once(String title, String detail) {
        return new ApprovalQuestion(title, detail, Set.of(ApprovalScope.ONCE));
    }

    /** What is approved, as a policy remembers it: the detail's first line, or the title when there is no detail. */
    public String command() {
        return detail.isBlank() ? title : detail.lines().findFirst().orElse(title);
    }

    /** Whether the user may grant more than this one call. */
    public boolean rememberable() {
        return scopes.size() > 1;
    }
}
