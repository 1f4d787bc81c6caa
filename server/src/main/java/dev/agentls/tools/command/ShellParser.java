package dev.agentls.tools.command;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Parses a bash command line into the simple commands it would run, the way the shell splits it: lists and chains
 * ({@code ; & && || |}), subshells, command and process substitution, backticks, quoting and escapes, parameter
 * expansion, redirections and here-documents, {@code for} lists and the reserved words of compound commands. Commands
 * nested inside substitutions and subshells are returned too, in the order met. Refuses, with a
 * {@link ShellSyntaxException}, what it cannot follow: unterminated quotes, unbalanced parentheses, {@code case},
 * function definitions, or nesting too deep.
 */
final class ShellParser extends ShellLexer {

    private static final Set<String> TRANSPARENT_KEYWORDS = Set.of(
            "if", "then", "else", "elif", "fi", "do", "done", "while", "until", "!", "{", "}", "time");
    private static final Set<String> UNSUPPORTED_KEYWORDS = Set.of("case", "esac", "function", "coproc", "select");
    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\[[^]]*])?\\+?=.*", Pattern.DOTALL);

    private final Deque<Heredoc> pendingHeredocs = new ArrayDeque<>();

    private record Heredoc(String delimiter, boolean stripTabs, boolean expands) {}

    private ShellParser(String src, List<SimpleCommand> out, int depth) throws ShellSyntaxException {
        super(src, out, depth);
    }

    @Override
    ShellLexer child(String text) throws ShellSyntaxException {
        return new ShellParser(text, out, depth + 1);
    }

    @Override
    void parseAll() throws ShellSyntaxException {
        parseList(false);
    }

    /** Every simple command the line would run, outermost and nested alike. */
    static List<SimpleCommand> parse(String commandLine) throws ShellSyntaxException {
        List<SimpleCommand> commands = new ArrayList<>();
        ShellParser parser = new ShellParser(commandLine, commands, 0);
        parser.parseList(false);
        return commands;
    }

    /** Parses commands and separators until the end, or until a closing parenthesis when {@code inParens}. */
    private void parseList(boolean inParens) throws ShellSyntaxException {
        while (true) {
            skipBlanks();
            if (eof()) {
                if (inParens) {
                    throw new ShellSyntaxException("a '(' is never closed");
                }
                return;
            }
            char c = peek(0);
            if (c == ')') {
                if (!inParens) {
                    throw new ShellSyntaxException("unexpected ')' at offset " + pos);
                }
                pos++;
                return;
            }
            if (c == '#') {
                skipComment();
            } else if (c == '\n') {
                pos++;
                readHeredocBodies();
            } else if (c == ';') {
                if (peek(1) == ';' || peek(1) == '&') {
                    throw new ShellSyntaxException("case statements are not checked");
                }
                pos++;
            } else if (c == '&' && peek(1) != '>') {
                pos += peek(1) == '&' ? 2 : 1;
            } else if (c == '|') {
                pos += peek(1) == '|' || peek(1) == '&' ? 2 : 1;
            } else {
                parseCommand();
            }
        }
    }

    private void skipComment() {
        while (!eof() && peek(0) != '\n') {
            pos++;
        }
    }

    private void parseCommand() throws ShellSyntaxException {
        List<Word> assignments = new ArrayList<>();
        List<Word> words = new ArrayList<>();
        List<SimpleCommand.Redirect> redirects = new ArrayList<>();
        while (true) {
            skipBlanks();
            if (eof()) {
                break;
            }
            char c = peek(0);
            if (c == '\n' || c == ';' || c == '|' || c == ')' || (c == '&' && peek(1) != '>')) {
                break;
            }
            if (c == '#' && words.isEmpty() && assignments.isEmpty()) {
                skipComment();
                break;
            }
            if (c == '(' && (peek(1) != '(' || !words.isEmpty())) {
                if (!words.isEmpty() || !assignments.isEmpty()) {
                    throw new ShellSyntaxException("function definitions and '(' after a command word are not checked");
                }
                pos++;
                parseList(true);
                continue;
            }
            if (c == '(') {
                pos += 2;
                words.add(new Word(List.of(new Word.Literal("((", false))));
                words.add(new Word(List.of(new Word.Literal(skipArithmetic(), true))));
                continue;
            }
            if (startsRedirect()) {
                redirects.add(parseRedirect());
                continue;
            }
            Word word = parseWord();
            if (words.isEmpty()) {
                String bare = bareText(word);
                if (bare != null && ASSIGNMENT.matcher(bare).matches() && !bare.startsWith("=")) {
                    assignments.add(word);
                    continue;
                }
                if (bare != null && TRANSPARENT_KEYWORDS.contains(bare)) {
                    continue;
                }
                if (bare != null && UNSUPPORTED_KEYWORDS.contains(bare)) {
                    throw new ShellSyntaxException("'" + bare + "' is not checked");
                }
                if (bare != null && bare.equals("for")) {
                    parseForList();
                    return;
                }
            }
            words.add(word);
        }
        if (!words.isEmpty() || !assignments.isEmpty() || !redirects.isEmpty()) {
            out.add(new SimpleCommand(SimpleCommand.Kind.COMMAND, assignments, words, redirects, null));
        }
    }

    /** The text of a word that starts with an unquoted literal (how the shell spots keywords and assignments). */
    private static String bareText(Word word) {
        if (word.parts().isEmpty() || !(word.parts().get(0) instanceof Word.Literal first) || first.quoted()) {
            return null;
        }
        return first.text();
    }

    /** {@code for NAME in a b c} or {@code for ((...))}: records the items as a loop list. */
    private void parseForList() throws ShellSyntaxException {
        skipBlanks();
        if (peek(0) == '(' && peek(1) == '(') {
            pos += 2;
            Word expression = new Word(List.of(new Word.Literal(skipArithmetic(), true)));
            out.add(new SimpleCommand(SimpleCommand.Kind.COMMAND, List.of(), List.of(
                    new Word(List.of(new Word.Literal("((", false))), expression), List.of(), null));
            return;
        }
        Word variable = parseWord();
        String name = variable.literal().orElse("");
        if (!NAME.matcher(name).matches()) {
            throw new ShellSyntaxException("'for' needs a variable name, got '" + variable.display() + "'");
        }
        skipBlanks();
        List<Word> items = new ArrayList<>();
        int save = pos;
        if (!eof() && peek(0) != ';' && peek(0) != '\n') {
            Word in = parseWord();
            if (!in.isBare("in")) {
                pos = save;
                throw new ShellSyntaxException("'for " + name + "' must be followed by 'in'");
            }
            while (true) {
                skipBlanks();
                if (eof() || peek(0) == ';' || peek(0) == '\n' || peek(0) == '&' || peek(0) == '|' || peek(0) == ')') {
                    break;
                }
                items.add(parseWord());
            }
        }
        out.add(new SimpleCommand(SimpleCommand.Kind.LOOP_LIST, List.of(), items, List.of(), name));
    }

    private boolean startsRedirect() {
        int at = pos;
        while (at < src.length() && Character.isDigit(src.charAt(at))) {
            at++;
        }
        if (at >= src.length()) {
            return false;
        }
        char c = src.charAt(at);
        char next = at + 1 < src.length() ? src.charAt(at + 1) : '\0';
        if (c == '&' && next == '>' && at == pos) {
            return true;
        }
        if (c == '<' || c == '>') {
            // <( and >( at the start of a word are process substitution, not redirection.
            return !(at == pos && next == '(');
        }
        return false;
    }

    private SimpleCommand.Redirect parseRedirect() throws ShellSyntaxException {
        int start = pos;
        while (Character.isDigit(peek(0))) {
            pos++;
        }
        String descriptor = src.substring(start, pos);
        String[] operators = {"&>>", "&>", "<<<", "<<-", "<<", "<&", "<>", "<", ">>", ">&", ">|", ">"};
        String operator = null;
        for (String candidate : operators) {
            if (src.startsWith(candidate, pos)) {
                operator = candidate;
                break;
            }
        }
        if (operator == null) {
            throw new ShellSyntaxException("bad redirection at offset " + start);
        }
        pos += operator.length();
        skipBlanks();
        if (eof() || " \t\n;&|()<>".indexOf(peek(0)) >= 0) {
            throw new ShellSyntaxException("redirection '" + operator + "' has no target");
        }
        Word target = parseWord();
        String fullOperator = descriptor + operator;
        if (operator.equals("<<") || operator.equals("<<-")) {
            boolean quoted = target.parts().stream().anyMatch(p -> p instanceof Word.Literal l && l.quoted());
            String delimiter = target.literal().orElseThrow(
                    () -> new ShellSyntaxException("a here-document delimiter must be plain text"));
            pendingHeredocs.add(new Heredoc(delimiter, operator.equals("<<-"), !quoted));
            return new SimpleCommand.Redirect(fullOperator, target, true);
        }
        return new SimpleCommand.Redirect(fullOperator, target, operator.equals("<<<"));
    }

    /** Reads the bodies of the here-documents opened on the line just ended; unquoted ones may hold substitutions. */
    private void readHeredocBodies() throws ShellSyntaxException {
        while (!pendingHeredocs.isEmpty()) {
            Heredoc heredoc = pendingHeredocs.poll();
            StringBuilder body = new StringBuilder();
            while (!eof()) {
                int end = src.indexOf('\n', pos);
                String line = end < 0 ? src.substring(pos) : src.substring(pos, end);
                pos = end < 0 ? src.length() : end + 1;
                String compared = heredoc.stripTabs() ? line.replaceFirst("^\t+", "") : line;
                if (compared.equals(heredoc.delimiter())) {
                    break;
                }
                body.append(line).append('\n');
            }
            if (heredoc.expands()) {
                new ShellParser(body.toString(), out, depth + 1).parseQuotedUntilEnd();
            }
        }
    }

    /** After {@code $(} or {@code <(}: parses the nested command list through its closing parenthesis. */
    @Override
    void parseNested() throws ShellSyntaxException {
        ShellParser nested = new ShellParser(src, out, depth + 1);
        nested.pos = pos;
        nested.parseList(true);
        pos = nested.pos;
    }

}
