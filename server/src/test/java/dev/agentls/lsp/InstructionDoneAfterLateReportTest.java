package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.ApplyWorkspaceEditParams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An {@code @agent} line in a buffer the run itself edited, in an editor that refuses edits for another version and
 * reports its buffers late (eglot 1.9: after 0.5 s idle): the {@code @agent-done} edit waits for the editor's report
 * of the run's edit, so it is planned on the buffer with that edit and the editor takes it.
 */
class InstructionDoneAfterLateReportTest {

    @TempDir
    Path temp;

    @Test
    void theDoneLineLandsInABufferTheRunEditedJustBeforeInAnEditorThatReportsLate() throws Exception {
        ReplayAnswers answers = new ReplayAnswers()
                .call("replace_in_file", "target_file", RunFixture.GREETER, "diff", AgentRunCommandsTest.FIX)
                .complete("Names are stripped.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.eglot19(), answers, () -> { })) {
            Path file = lsp.root.resolve(RunFixture.GREETER);
            String disk = Files.readString(file).replace("    public String greet(String name) {",
                    InstructionLineRunTest.INSTRUCTION + "\n    public String greet(String name) {");
            Files.writeString(file, disk);
            String text = lsp.open(RunFixture.GREETER);
            int line = text.lines().toList().indexOf(InstructionLineRunTest.INSTRUCTION);

            lsp.answer("agentls.run", Map.of("prompt", "strip names before greeting", "uri",
                    lsp.uri(RunFixture.GREETER), "instructionLine", line));

            String done = lsp.awaitBuffer(RunFixture.GREETER,
                    buffer -> buffer.contains("@agent-done #1 Names are stripped."));
            assertTrue(done.contains("name.strip()"), done);
            assertEquals(disk.replace(InstructionLineRunTest.INSTRUCTION, "    // @agent-done #1 Names are stripped.")
                    .replace("name + \"!\"", "name.strip() + \"!\""), done);
            List<ApplyWorkspaceEditParams> sent = lsp.editor.edits;
            assertEquals(2, sent.size(), "the run's edit and the done line, each sent once");
            assertEquals(List.of(1, 2), sent.stream().map(edit -> edit.getEdit().getDocumentChanges().get(0).getLeft()
                    .getTextDocument().getVersion()).toList(), "the done line is planned on the reported version");
        }
    }
}
