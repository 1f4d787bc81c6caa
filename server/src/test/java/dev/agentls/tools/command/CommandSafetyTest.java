package dev.agentls.tools.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.tools.TestWorkspace;
import dev.agentls.tools.WorkspacePathGuard;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checker's reasons, one construct at a time: what it found and why it asks. */
class CommandSafetyTest {

    @TempDir
    Path temp;

    private Path root;
    private CommandSafety safety;

    @BeforeEach
    void setUp() throws Exception {
        root = TestWorkspace.copy("tools", temp);
        safety = new CommandSafety(root, Files.createDirectories(temp.resolve("home")),
                new WorkspacePathGuard(new WorkspaceRoots(List.of(root)), new PathPolicy()));
    }

    private List<String> reasons(String command) {
        CommandVerdict verdict = safety.check(command);
        return assertInstanceOf(CommandVerdict.NeedsApproval.class, verdict, command + " -> " + verdict).reasons();
    }

    private void safe(String command) {
        assertEquals(new CommandVerdict.Safe(), safety.check(command), command);
    }

    @Test
    void followsVariablesAssignedOnTheLine() {
        assertTrue(reasons("D=..; cat $D/etc").contains("reaches outside the workspace: " + temp.resolve("etc")));
        assertEquals(List.of("`rm` deletes or overwrites data"), reasons("X=rm; $X -f README.md"));
        safe("F=README.md; cat \"$F\"");
        assertEquals(List.of("an argument uses $SOMEWHERE, whose value cannot be checked"), reasons("cat $SOMEWHERE"));
        safe("echo $SOMEWHERE");
    }

    @Test
    void followsCdIntoEveryFolderTheLineMayBeIn() {
        assertTrue(reasons("cd src && cat ../../x").contains("reaches outside the workspace: " + temp.resolve("x")));
        assertTrue(reasons("(cd src); cat ../x").contains("reaches outside the workspace: " + temp.resolve("x")),
                "a cd in a subshell may or may not apply later: both folders are checked");
        safe("cd src && cat util.py");
    }

    @Test
    void expandsBracesAndGlobsToFindWhatTheyReach() throws Exception {
        assertTrue(reasons("cat {README.md,../../etc/passwd}").stream().anyMatch(r -> r.contains("/etc/passwd")));
        CommandVerdict glob = safety.check("cat .e?v");
        assertInstanceOf(CommandVerdict.Refused.class, glob);
        assertTrue(((CommandVerdict.Refused) glob).reason().startsWith("'.env' is on the deny list"), glob.toString());
        safe("cat *.md");
        Files.createDirectories(root.resolve("keys"));
        Files.writeString(root.resolve("keys/server.pem"), "x");
        assertInstanceOf(CommandVerdict.Refused.class, safety.check("cat keys/*"));
    }

    @Test
    void aSymbolicLinkInsideTheWorkspacePointingOutIsOutside() throws Exception {
        Files.createSymbolicLink(root.resolve("escape"), temp);
        assertTrue(reasons("cat escape/secret").stream().anyMatch(r -> r.startsWith("reaches outside the workspace")));
    }

    @Test
    void hereDocumentsExpandOnlyWhenTheirDelimiterIsUnquoted() {
        safe("cat <<'EOF' > notes.txt\n$(rm -rf /)\nEOF");
        assertEquals(List.of("`rm` deletes or overwrites data", "reaches outside the workspace: /"),
                reasons("cat <<EOF > notes.txt\n$(rm -rf /)\nEOF"));
        safe("cat <<-EOF\n\tplain text\n\tEOF\necho after");
    }

    @Test
    void recursesIntoWrappersAndInlineShells() {
        assertEquals(List.of("`rm` deletes or overwrites data"), reasons("env -S 'rm -f README.md'"));
        assertEquals(List.of("`curl` uses the network"), reasons("xargs -n 1 -I{} curl {} < urls.txt"));
        assertEquals(List.of("`rm` deletes or overwrites data"), reasons("bash -c \"sh -c 'rm x'\""));
        assertTrue(reasons("sudo -u root ls").contains("`sudo` needs or changes system privileges"));
    }

    @Test
    void refusesWhatItCannotParseSayingWhy() {
        assertEquals(List.of("cannot check the command: a single quote is never closed"), reasons("echo 'open"));
        assertEquals(List.of("cannot check the command: a '(' is never closed"), reasons("(ls"));
        assertEquals(List.of("cannot check the command: a backtick is never closed"), reasons("echo `ls"));
        String deep = "echo " + "$(".repeat(40) + "ls" + ")".repeat(40);
        assertTrue(reasons(deep).get(0).startsWith("cannot check the command: substitutions are nested more than"));
        assertEquals(List.of("the command contains a NUL character"), reasons("ls\0rm"));
    }

    @Test
    void redirectionsOverwritingFilesOrLeavingTheWorkspaceAsk() {
        assertEquals(List.of("overwrites the existing file README.md"), reasons("echo > README.md"));
        safe("echo >> README.md");
        safe("echo hi > new.txt 2>&1");
        safe("ls 2>/dev/null");
        assertEquals(List.of("writes outside the workspace: /etc/motd"), reasons("echo hi >> /etc/motd"));
        assertEquals(List.of("writes to `$LOG`, a path that comes from an expansion"), reasons("make > $LOG"));
    }

    @Test
    void gitOptionsDecideWhetherItIsDestructive() {
        safe("git checkout -b topic");
        safe("git restore --staged README.md");
        safe("git clean -n");
        assertEquals(List.of("`git clean` deletes untracked files"), reasons("git clean -xfd"));
        assertEquals(List.of("`git config core.sshCommand` can make git run other programs"),
                reasons("git config core.sshCommand 'ssh -i x'"));
    }

    @Test
    void copyAndMoveAskOnlyWhenTheyOverwrite() {
        safe("cp README.md docs/");
        assertEquals(List.of("`cp` overwrites docs/crlf.txt in docs"), reasons("cp README.md docs/crlf.txt docs"));
        safe("cp -n docs/crlf.txt README.md");
        safe("mv src/util.py src/helpers.py");
    }
}
