package dev.agentls.lsp;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * What one editor run knows of its files beyond their edits: how they reach the disk before a command, and the
 * editor's diagnostics of them.
 *
 * @param shown a file's name as the model reads it (workspace-relative)
 */
record RunEditorFiles(SaveBeforeCommand saves, EditorDiagnostics diagnostics,
                      Function<Path, String> shown) {}
