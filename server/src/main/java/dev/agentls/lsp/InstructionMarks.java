package dev.agentls.lsp;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/**
 * The {@code @agent} instruction lines of each open document, kept as the editor reports its text, each marked with
 * a Hint diagnostic so that the editor offers the code actions on it.
 */
final class InstructionMarks {

    static final String OWNER = "instructions";
    static final String MESSAGE = "AgentLS instruction: run it with a code action (run, plan first, ask)";

    private final SessionDiagnostics diagnostics;
    private final Map<String, List<InstructionLines.Instruction>> byDocument = new ConcurrentHashMap<>();

    InstructionMarks(SessionDiagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void update(String uri, String text) {
        List<InstructionLines.Instruction> found = InstructionLines.find(text);
        List<InstructionLines.Instruction> previous = found.isEmpty() ? byDocument.remove(uri)
                : byDocument.put(uri, found);
        if (found.equals(previous) || (previous == null && found.isEmpty())) {
            return;
        }
        diagnostics.set(uri, OWNER, found.stream().map(InstructionMarks::hint).toList());
    }

    void closed(String uri) {
        if (byDocument.remove(uri) != null) {
            diagnostics.set(uri, OWNER, List.of());
        }
    }

    /** The instructions on the lines from {@code fromLine} to {@code toLine}, both included. */
    List<InstructionLines.Instruction> between(String uri, int fromLine, int toLine) {
        return byDocument.getOrDefault(uri, List.of()).stream()
                .filter(i -> i.line() >= fromLine && i.line() <= toLine).toList();
    }

    private static Diagnostic hint(InstructionLines.Instruction instruction) {
        Diagnostic diagnostic = new Diagnostic(new Range(new Position(instruction.line(), instruction.start()),
                new Position(instruction.line(), instruction.end())), MESSAGE, DiagnosticSeverity.Hint, "agentls");
        return diagnostic;
    }
}
