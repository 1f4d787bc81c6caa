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
        safe("cat <<'EOF'\n$(rm -rf /)\nEOF");
        assertEquals(List.of("`rm` deletes or overwrites data", "reaches outside the workspace: /"),
                reasons("cat <<EOF\n$(rm -rf /)\nEOF"));
        safe("cat <<-EOF\n\tplain text\n\tEOF\necho after");
    }

    @Test
    void recursesIntoWrappersAndInlineShells() {
        assertEquals(List.of("`env -S` runs a command line given as text", "`rm` deletes or overwrites data"),
                reasons("env -S 'rm -f README.md'"));
        assertEquals(List.of("`xargs` runs a command built from its input, which cannot be checked",
                "`curl` uses the network"), reasons("xargs -n 1 -I{} curl {} < urls.txt"));
        assertEquals(List.of("`bash` -c runs a command line given as text", "`sh` -c runs a command line given as"
                + " text", "`rm` deletes or overwrites data"), reasons("bash -c \"sh -c 'rm x'\""));
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
    void redirectionsToAFileAskAndSayWhetherTheyOverwrite() {
        assertEquals(List.of("overwrites the existing file README.md"), reasons("echo > README.md"));
        assertEquals(List.of("writes to README.md"), reasons("echo >> README.md"));
        assertEquals(List.of("writes to new.txt"), reasons("echo hi > new.txt 2>&1"));
        safe("ls 2>/dev/null");
        safe("ls src >/dev/null 2>&1");
        assertEquals(List.of("writes outside the workspace: /etc/motd"), reasons("echo hi >> /etc/motd"));
        assertEquals(List.of("writes to `$LOG`, a path that comes from an expansion"), reasons("ls > $LOG"));
    }

    @Test
    void gitReadsRunUnaskedAndEveryWriteAsksWithItsMostSpecificReason() {
        safe("git status");
        safe("git log --oneline -5");
        safe("git branch -a");
        safe("git stash list");
        assertEquals(List.of("`git checkout` changes the repository or the working tree, where git may run hooks,"
                + " filters and other programs it is configured with"), reasons("git checkout -b topic"));
        assertEquals(List.of("`git diff` has an option that writes a file or runs another program"),
                reasons("git diff --output=patch.txt"));
        assertEquals(List.of("`git --git-dir` makes git use a repository other than the workspace's"),
                reasons("git --git-dir=elsewhere status"));
        assertEquals(List.of("`git clean` deletes untracked files"), reasons("git clean -xfd"));
        assertEquals(List.of("`git config core.sshCommand` can make git run other programs"),
                reasons("git config core.sshCommand 'ssh -i x'"));
    }

    @Test
    void copyAndMoveAskAndSayWhatTheyOverwrite() {
        assertEquals(List.of("writes to docs"), reasons("cp README.md docs/"));
        assertEquals(List.of("writes to docs", "`cp` overwrites docs/crlf.txt in docs"),
                reasons("cp README.md docs/crlf.txt docs"));
        assertEquals(List.of("writes to src/helpers.py"), reasons("mv src/util.py src/helpers.py"));
    }

    @Test
    void aCommandOffTheReadOnlyListAsksWhateverItIsCalled() {
        assertEquals(List.of("`make` is not on the read-only list: it may run programs or change files"),
                reasons("make -s"));
        assertEquals(List.of("`./ls` runs a program named by its path, which may be one written in the workspace"),
                reasons("./ls"));
        assertEquals(List.of("`touch` is not on the read-only list: it may run programs or change files"),
                reasons("\"t\"'o'uch x"));
        safe("/usr/bin/ls src");
        safe("python3 --version");
    }

    @Test
    void interpretersGivenCodeOrAScriptAskHoweverHarmlessTheCodeLooks() {
        assertEquals(List.of("`python3` -c runs code given on the command line"), reasons("python3 -c 'print(1)'"));
        assertEquals(List.of("`python3` evil.py runs a script"), reasons("python3 evil.py"));
        assertEquals(List.of("`sh` x.sh runs a script"), reasons("sh x.sh"));
        assertEquals(List.of("`bash` runs the commands of its input (a here-document or a pipe)"),
                reasons("bash <<< 'touch x'"));
        assertEquals(List.of("`source` runs the commands of a file in the shell itself"),
                reasons("source /dev/stdin <<< 'touch x'"));
    }

    @Test
    void sedAndAwkAskOnlyWhenTheirScriptWritesOrRuns() {
        safe("sed -n '1,20p;/x/d' README.md");
        safe("sed 's/a\\/b/c/g' README.md");
        assertEquals(List.of("the sed script's `w` command writes a file"), reasons("sed -n 'w out' README.md"));
        assertEquals(List.of("the sed script's `s///e` runs the pattern space as a command"),
                reasons("sed 's/.*/date/e' README.md"));
        safe("awk 'NR > 1 {print $2}' README.md");
        assertEquals(List.of("`awk`'s program can write files or run commands (it uses system, getline, a pipe or an"
                + " output redirection)"), reasons("awk 'BEGIN{system(\"date\")}'"));
    }

    @Test
    void environmentAndDynamicWordsThatRunCodeAsk() {
        assertEquals(List.of("setting BASH_ENV changes which programs run or what they run",
                "`bash` -c runs a command line given as text"), reasons("BASH_ENV=evil.sh bash -c true"));
        assertTrue(reasons("IFS=,; c=\"touch,x\"; $c").contains("setting IFS changes which programs run or what they"
                + " run"));
        assertEquals(List.of("`trap` sets code to run when a signal arrives or the shell exits"),
                reasons("trap 'touch x' EXIT"));
        assertTrue(reasons("o='-exec touch {} ;'; find . $o").contains("$o holds blanks or patterns, so the shell"
                + " may split it into words that cannot be checked"));
        assertTrue(reasons("echo $(( $(touch x) ))").contains("`touch` is not on the read-only list: it may run"
                + " programs or change files"), "a substitution inside arithmetic is found");
        assertTrue(reasons("x='a[$(touch y)]'; echo $((x))").stream().anyMatch(r -> r.startsWith("arithmetic reads"
                + " x, whose value is not a known number")));
        safe("echo $((1 + 2))");
    }
}
