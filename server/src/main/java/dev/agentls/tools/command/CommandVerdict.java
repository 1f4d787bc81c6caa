package dev.agentls.tools.command;

import java.util.List;

/** What the checker concluded about a command line. */
public sealed interface CommandVerdict {

    /** Every command is read-only, and nothing writes, runs a program or leaves the workspace: it may run unasked. */
    record Safe() implements CommandVerdict {}

    /** It may run only once the user approves; {@code reasons} say why, one fact each. */
    record NeedsApproval(List<String> reasons) implements CommandVerdict {
        public NeedsApproval {
            reasons = List.copyOf(reasons);
        }
    }

    /** It must not run at all, approved or not (it touches a denied file); {@code reason} says which and why. */
    record Refused(String reason) implements CommandVerdict {}
}
