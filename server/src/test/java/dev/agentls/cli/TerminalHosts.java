package dev.agentls.cli;

import dev.agentls.host.Host;
import dev.agentls.workspace.AtomicWriter;
import dev.agentls.workspace.DocumentStore;
import java.io.OutputStream;
import java.io.PrintStream;

/** The terminal host for tests of other packages: atomic writes to disk, nobody to answer questions. */
public final class TerminalHosts {

    private TerminalHosts() {}

    public static Host headless(DocumentStore documents) {
        return new TerminalHost(documents, new AtomicWriter(), TerminalHost.Prompter.none(),
                new PrintStream(OutputStream.nullOutputStream()));
    }
}
