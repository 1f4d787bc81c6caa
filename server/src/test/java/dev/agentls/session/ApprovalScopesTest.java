package dev.agentls.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.host.ApprovalAnswer;
import dev.agentls.host.ApprovalQuestion;
import dev.agentls.host.ApprovalScope;
import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every front door's host answers the same approval question (the scopes it may grant) with the same answer type, and
 * the workspace's policy applies the scope: remembered for the run, kept in the workspace's list, or a denial whose
 * reason goes to the model.
 */
class ApprovalScopesTest {

    private static final String COMMAND_DETAIL = "make deploy\n\nNeeds approval: `make` is not on the read-only list";

    @TempDir
    Path workspace;

    @Test
    void aCommandIsAskedWithEveryScopeAndAllowedForTheRunIsNotAskedAgainInThatRun() throws Exception {
        AnsweringHost door = new AnsweringHost(new ApprovalAnswer.Allowed(ApprovalScope.RUN));
        ApprovalPolicy policy = new ApprovalPolicy(ApprovalPolicy.Mode.ASK, new AlwaysAllowed(workspace));

        assertTrue(policy.approve(door, "1", "Run command", COMMAND_DETAIL, text -> { }, text -> { }).get());
        assertTrue(policy.approve(door, "1", "Run command", COMMAND_DETAIL, text -> { }, text -> { }).get());

        assertEquals(1, door.asked.size(), "asked again within the run");
        assertEquals(Set.of(ApprovalScope.ONCE, ApprovalScope.RUN, ApprovalScope.ALWAYS), door.asked.get(0).scopes());
        assertEquals("make deploy", door.asked.get(0).command());
        door.answers.add(new ApprovalAnswer.Allowed(ApprovalScope.ONCE));
        assertTrue(policy.approve(door, "2", "Run command", COMMAND_DETAIL, text -> { }, text -> { }).get());
        assertEquals(2, door.asked.size(), "another run is asked again");
    }

    @Test
    void anApprovalThatIsNoCommandOffersOnlyOnce() throws Exception {
        AnsweringHost door = new AnsweringHost(new ApprovalAnswer.Allowed(ApprovalScope.ONCE));
        ApprovalPolicy policy = new ApprovalPolicy(ApprovalPolicy.Mode.ASK, new AlwaysAllowed(workspace));

        assertTrue(policy.approve(door, "1", "Trust MCP server 'docs'?", "npx docs-server", text -> { }, text -> { })
                .get());

        assertEquals(Set.of(ApprovalScope.ONCE), door.asked.get(0).scopes());
        assertFalse(door.asked.get(0).rememberable());
    }

    @Test
    void alwaysIsKeptInTheWorkspaceListAndSaidInTheNotes() throws Exception {
        AnsweringHost door = new AnsweringHost(new ApprovalAnswer.Allowed(ApprovalScope.ALWAYS));
        ApprovalPolicy policy = new ApprovalPolicy(ApprovalPolicy.Mode.ASK, new AlwaysAllowed(workspace));
        List<String> notes = new ArrayList<>();

        assertTrue(policy.approve(door, "1", "Run command", COMMAND_DETAIL, notes::add, text -> { }).get());

        assertTrue(Files.readString(workspace.resolve(AlwaysAllowed.FILE)).contains("make deploy"));
        assertEquals(List.of("Always allowed `make deploy` (kept in " + AlwaysAllowed.FILE + ")"), notes);
    }

    @Test
    void aDenialWithAReasonTellsTheModelWhyAndRefuses() throws Exception {
        AnsweringHost door = new AnsweringHost(new ApprovalAnswer.Denied("deploys go through CI"));
        ApprovalPolicy policy = new ApprovalPolicy(ApprovalPolicy.Mode.ASK, new AlwaysAllowed(workspace));
        List<String> toModel = new ArrayList<>();

        assertFalse(policy.approve(door, "1", "Run command", COMMAND_DETAIL, text -> { }, toModel::add).get());

        assertEquals(List.of("I denied `make deploy`: deploys go through CI"), toModel);
    }

    @Test
    void aYesOrNoHostIsAskedThroughConfirmAndItsYesCountsOnce() throws Exception {
        List<String> confirmed = new ArrayList<>();
        Host yesOrNo = new Host() {
            @Override
            public CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
                throw new AssertionError("no change expected");
            }

            @Override
            public CompletableFuture<Boolean> confirm(String title, String detail) {
                confirmed.add(detail);
                return CompletableFuture.completedFuture(true);
            }

            @Override
            public CompletableFuture<Optional<String>> ask(String question, List<String> options) {
                throw new AssertionError("no question expected");
            }

            @Override
            public void progress(String message) {
            }
        };
        ApprovalPolicy policy = new ApprovalPolicy(ApprovalPolicy.Mode.ASK, new AlwaysAllowed(workspace));

        assertTrue(policy.approve(yesOrNo, "1", "Run command", COMMAND_DETAIL, text -> { }, text -> { }).get());
        assertTrue(policy.approve(yesOrNo, "1", "Run command", COMMAND_DETAIL, text -> { }, text -> { }).get());

        assertEquals(2, confirmed.size(), "a yes is for this call only");
    }

    /** A front door's host whose user gives the queued answers, in order. */
    private static final class AnsweringHost implements Host {
        final List<ApprovalQuestion> asked = new ArrayList<>();
        final Deque<ApprovalAnswer> answers = new ArrayDeque<>();

        AnsweringHost(ApprovalAnswer first) {
            answers.add(first);
        }

        @Override
        public CompletableFuture<ApprovalAnswer> approve(ApprovalQuestion question) {
            asked.add(question);
            return CompletableFuture.completedFuture(answers.remove());
        }

        @Override
        public CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
            throw new AssertionError("no change expected");
        }

        @Override
        public CompletableFuture<Boolean> confirm(String title, String detail) {
            throw new AssertionError("an approval goes through approve");
        }

        @Override
        public CompletableFuture<Optional<String>> ask(String question, List<String> options) {
            throw new AssertionError("no question expected");
        }

        @Override
        public void progress(String message) {
        }
    }
}
