package dev.agentls.edit.lazy;

import java.util.List;

/**
 * Writes the merged pieces as text: kept lines with their own bytes and terminators, new lines re-indented to the
 * file and ended with its dominant line ending, and the file's final-newline state kept (an empty file takes the
 * edit's).
 */
final class TextAssembler {

    private TextAssembler() {}

    static String assemble(EditModel edit, FileModel file, List<Piece> pieces, Reindenter indenter) {
        SourceLines source = file.source;
        String ending = source.dominantEnding();
        StringBuilder out = new StringBuilder();
        String lastTerminator = "";
        for (Piece p : pieces) {
            if (p.isNew()) {
                out.append(indenter.indentNew(p.e()));
                lastTerminator = ending;
            } else {
                out.append(source.line(p.o()));
                String t = source.terminators().get(p.o());
                lastTerminator = t.isEmpty() ? ending : t;
            }
            out.append(lastTerminator);
        }
        boolean finalNewline = file.size() == 0 ? edit.endsWithNewline : source.finalNewline();
        if (!finalNewline && !pieces.isEmpty()) {
            out.setLength(out.length() - lastTerminator.length());
        }
        return out.toString();
    }
}
