package dev.agentls.edit.lazy;

import java.util.List;

/**
 * Writes the merged pieces as text: kept lines with their own bytes and terminators, new lines re-indented to the
 * file and ended with its dominant line ending (a file line only moved to another nesting keeps its bytes past the
 * indentation), and the file's final-newline state kept (an empty file takes the
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
            if (p.isNew() && p.o() >= 0 && p.e() >= 0 && edit.keys[p.e()].equals(file.keys[p.o()])) {
                out.append(renested(indenter.indentNew(p.e()), source.line(p.o())));
                lastTerminator = ending;
            } else if (p.isNew()) {
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

    /**
     * A file line the edit shows unchanged up to whitespace but rewritten (at the nesting the edit shows): the
     * indentation worked out for the edit's line, then the file's own bytes, since the edit's other whitespace
     * (trailing blanks, inner runs) is transcription noise, not a change.
     */
    private static String renested(String written, String fileLine) {
        return LineKeys.leadingWhitespace(written) + fileLine.stripLeading();
    }
}
