package dev.agentls.tools.command;

import java.util.List;

/**
 * One simple command of a command line: its environment assignments, its words (name and arguments) and its
 * redirections. A {@code for NAME in ...} list is recorded as a command of kind {@link Kind#LOOP_LIST} whose words are
 * the items and whose {@code loopVariable} is NAME, so its items are checked like arguments.
 */
record SimpleCommand(Kind kind, List<Word> assignments, List<Word> words, List<Redirect> redirects, String loopVariable) {

    enum Kind { COMMAND, LOOP_LIST }

    SimpleCommand {
        assignments = List.copyOf(assignments);
        words = List.copyOf(words);
        redirects = List.copyOf(redirects);
    }

    /** A redirection: the operator as written ({@code >}, {@code >>}, {@code 2>}, {@code &>}, {@code <<}, ...). */
    record Redirect(String operator, Word target, boolean heredoc) {

        boolean writes() {
            String op = operator.replaceAll("^[0-9]+", "");
            return op.startsWith(">") || op.startsWith("&>") || op.equals("<>");
        }

        boolean truncates() {
            String op = operator.replaceAll("^[0-9]+", "");
            return op.equals(">") || op.equals(">|") || op.equals("&>") || op.equals(">&");
        }

        /** {@code 2>&1}, {@code >&-}: duplicating or closing a descriptor touches no file. */
        boolean duplicatesDescriptor() {
            return (operator.endsWith(">&") || operator.endsWith("<&"))
                    && target.literal().map(t -> t.matches("[0-9]+-?|-")).orElse(false);
        }
    }
}
