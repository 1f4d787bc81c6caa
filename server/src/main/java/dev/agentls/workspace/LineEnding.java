package dev.agentls.workspace;

/** A line separator as it appears in a file. */
public enum LineEnding {
    LF("\n"),
    CRLF("\r\n"),
    CR("\r");

    private final String text;

    LineEnding(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }
}
