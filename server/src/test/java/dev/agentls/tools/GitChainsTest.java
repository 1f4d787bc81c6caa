package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.tools.command.CommandRunner;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The four ways a model would make a "safe" git command run its program (core.fsmonitor then {@code git status},
 * diff.external then {@code git diff}, a clean filter then {@code git add}, core.hooksPath and a hook then
 * {@code git commit}), played through the real file tools and {@code execute_command} with real git, and a user who
 * approves nothing: the program never runs, and {@code .git} keeps its files.
 */
class GitChainsTest extends FileToolFixture {

    private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(1);
    private final ExecutorService readers = Executors.newCachedThreadPool();
    private ToolSet all;
    private Path marker;

    @BeforeEach
    void initRepository() throws Exception {
        git("init", "-q");
        git("-c", "user.email=a@b", "-c", "user.name=a", "commit", "-q", "--allow-empty", "-m", "start");
        WorkspaceRoots roots = new WorkspaceRoots(List.of(root));
        ExecuteCommandTool execute = new ExecuteCommandTool(roots, temp.resolve("home"),
                new WorkspacePathGuard(roots, new PathPolicy()),
                new CommandRunner("bash", CommandRunner.Limits.defaults(), scheduler, readers), () -> { });
        List<Tool> list = new java.util.ArrayList<>(tools.tools());
        list.add(execute);
        all = new ToolSet(list);
        marker = temp.resolve("pwned");
        Files.writeString(root.resolve("evil.sh"), "#!/bin/sh\ntouch " + marker + "\n");
        assertTrue(root.resolve("evil.sh").toFile().setExecutable(true));
    }

    @AfterEach
    void stopRunner() {
        scheduler.shutdownNow();
        readers.shutdownNow();
    }

    @Test
    void fsmonitorInGitConfigIsRefusedToTheFileToolsSoGitStatusRunsNothing() throws Exception {
        String config = Files.readString(root.resolve(".git/config"));
        ToolResult written = run("write_to_file", "target_file", ".git/config",
                "content", config + "[core]\n\tfsmonitor = " + root.resolve("evil.sh") + "\n");
        assertRefusedInsideGit(written, "write_to_file", ".git/config");
        assertEquals(config, Files.readString(root.resolve(".git/config")));

        ToolResult status = command("git status");
        assertTrue(status.isSuccess(), status.text());
        assertFalse(Files.exists(marker), "git status ran the planted fsmonitor");
        assertEquals(List.of(), host.confirmations, "git status itself reads only: nothing was asked");
    }

    @Test
    void theFsmonitorChainIsRealWhenTheConfigIsWrittenBehindTheToolsBack() throws Exception {
        // The control of the test above: the same config, written by someone else, does make git status run it.
        Files.writeString(root.resolve(".git/config"), Files.readString(root.resolve(".git/config"))
                + "[core]\n\tfsmonitor = " + root.resolve("evil.sh") + "\n");
        command("git status");
        assertTrue(Files.exists(marker), "git status runs core.fsmonitor");
    }

    @Test
    void diffExternalCannotBePlantedSoGitDiffRunsNothing() throws Exception {
        ToolResult edited = run("replace_in_file", "target_file", ".git/config",
                "diff", "<<<<<<< SEARCH\n[core]\n=======\n[diff]\n\texternal = ./evil.sh\n[core]\n>>>>>>> REPLACE");
        assertRefusedInsideGit(edited, "replace_in_file", ".git/config");
        ToolResult configured = command("git config diff.external ./evil.sh");
        assertTrue(configured.text().contains("`git config diff.external` can make git run other programs"),
                configured.text());
        assertTrue(configured.text().contains("Nothing was run."), configured.text());

        Files.writeString(root.resolve("README.md"), "changed\n");
        ToolResult diff = command("git diff");
        assertTrue(diff.isSuccess(), diff.text());
        assertFalse(Files.exists(marker), "git diff ran a planted external diff");
    }

    @Test
    void aCleanFilterNeedsGitattributesApprovedAndGitAddAsks() throws Exception {
        Path gitattributes = root.resolve(".gitattributes");
        String before = Files.exists(gitattributes) ? Files.readString(gitattributes) : null;
        ToolResult attributes = run("write_to_file", "target_file", ".gitattributes", "content", "* filter=evil\n");
        assertTrue(attributes.text().startsWith("write_to_file: the user declined to change '.gitattributes' (it"
                + " needed approval: '.gitattributes' can make programs run: its filters and diff drivers make git"
                + " run programs)"), attributes.text());
        assertEquals(before, Files.exists(gitattributes) ? Files.readString(gitattributes) : null);
        ToolResult filter = run("write_to_file", "target_file", ".git/info/attributes", "content", "* filter=evil\n");
        assertRefusedInsideGit(filter, "write_to_file", ".git/info/attributes");
        ToolResult configured = command("git config filter.evil.clean ./evil.sh");
        assertTrue(configured.text().contains("Nothing was run."), configured.text());

        ToolResult add = command("git add -A");
        assertTrue(add.text().contains("`git add` changes the repository or the working tree, where git may run hooks,"
                + " filters and other programs it is configured with"), add.text());
        assertFalse(Files.exists(marker), "git add ran a clean filter");
        assertEquals(3, host.confirmations.size(), host.confirmations.toString());
    }

    @Test
    void hooksWhereverCoreHooksPathPointsNeedApprovalAndGitCommitAsks() throws Exception {
        ToolResult hooksPath = command("git config core.hooksPath hooks");
        assertTrue(hooksPath.text().contains("`git config core.hooksPath` can make git run other programs"),
                hooksPath.text());
        // The user set it themselves (husky does): a hook there still needs their approval.
        git("config", "core.hooksPath", "hooks");
        ToolResult hook = run("write_to_file", "target_file", "hooks/pre-commit", "content",
                "#!/bin/sh\ntouch " + marker + "\n");
        assertTrue(hook.text().startsWith("write_to_file: the user declined to change 'hooks/pre-commit' (it needed"
                + " approval: 'hooks/pre-commit' is in git's hooks folder (core.hooksPath "), hook.text());
        assertFalse(Files.exists(root.resolve("hooks/pre-commit")));
        ToolResult inGit = run("write_to_file", "target_file", ".git/hooks/pre-commit", "content", "#!/bin/sh\n");
        assertRefusedInsideGit(inGit, "write_to_file", ".git/hooks/pre-commit");

        ToolResult commit = command("git commit --allow-empty -m x");
        assertTrue(commit.text().contains("`git commit` changes the repository"), commit.text());
        assertFalse(Files.exists(marker), "git commit ran a hook");
    }

    @Test
    void deleteFileOfGitHeadIsRefusedAndTheRepositoryStaysWhole() throws Exception {
        byte[] head = Files.readAllBytes(root.resolve(".git/HEAD"));
        ToolResult deleted = run("delete_file", "target_file", ".git/HEAD");
        assertTrue(deleted.text().startsWith("delete_file: refused to delete '.git/HEAD': '.git/HEAD' is inside git's"
                + " own folder (.git)"), deleted.text());
        assertTrue(deleted.text().endsWith("Nothing was changed."), deleted.text());
        assertEquals(new String(head), Files.readString(root.resolve(".git/HEAD")));
        assertEquals(List.of(), host.changes, "the host was never asked to change anything");
    }

    @Test
    void aFolderPlantedToLookLikeARepositoryMakesGitAsk() throws Exception {
        run("write_to_file", "target_file", "evil/HEAD", "content", "ref: refs/heads/main\n");
        run("write_to_file", "target_file", "evil/config", "content",
                "[core]\n\tbare = false\n\tworktree = ..\n\tfsmonitor = " + root.resolve("evil.sh") + "\n");
        run("write_to_file", "target_file", "evil/objects/keep", "content", "");
        run("write_to_file", "target_file", "evil/refs/keep", "content", "");

        ToolResult status = command("cd evil && git status");
        assertTrue(status.text().contains("git would use the repository in " + root.resolve("evil").toRealPath()),
                status.text());
        assertFalse(Files.exists(marker));
    }

    private void assertRefusedInsideGit(ToolResult result, String tool, String path) {
        assertTrue(result.text().startsWith(tool + ": refused to change '" + path + "': '" + path + "' is inside"
                + " git's own folder (.git): the file tools never write or delete there"), result.text());
        assertTrue(result.text().contains("git changes it itself, through commands the user approves"));
    }

    private ToolResult command(String command) throws Exception {
        return run("execute_command", "command", command, "requires_approval", false);
    }

    private ToolResult run(String tool, Object... namesAndValues) throws Exception {
        ObjectNode args = JSON.createObjectNode();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            args.set((String) namesAndValues[i], JSON.valueToTree(namesAndValues[i + 1]));
        }
        return all.execute(tool, args, new ToolContext(host, Cancellation.none(), "conversation-1"))
                .get(30, TimeUnit.SECONDS);
    }

    private void git(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertTrue(process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0, output);
    }
}
