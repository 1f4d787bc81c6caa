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
final class ShellParser {

    private static final Set<String> TRANSPARENT_KEYWORDS = Set.of(
            "if", "then", "else", "elif", "fi", "do", "done", "while", "until", "!", "{", "}", "time");
    private static final Set<String> UNSUPPORTED_KEYWORDS = Set.of("case", "esac", "function", "coproc", "select");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\[[^]]*])?\\+?=.*", Pattern.DOTALL);
    private static final int MAX_DEPTH = 16;

    private final String src;
    private final List<SimpleCommand> out;
    private final int depth;
    private final Deque<Heredoc> pendingHeredocs = new ArrayDeque<>();
    private int pos;

    private record Heredoc(String delimiter, boolean stripTabs, boolean expands) {}

    private ShellParser(String src, List<SimpleCommand> out, int depth) throws ShellSyntaxException {
        if (depth > MAX_DEPTH) {
            throw new ShellSyntaxException("substitutions are nested more than " + MAX_DEPTH + " deep");
        }
        this.src = src;
        this.out = out;
        this.depth = depth;
    }

    /** Every simple command the line would run, outermost and nested alike. */
    static List<SimpleCommand> parse(String commandLine) throws ShellSyntaxException {
        List<SimpleCommand> commands = new ArrayList<>();
        ShellParser parser = new ShellParser(commandLine, commands, 0);
        parser.parseList(false);
        return commands;
    }

    private boolean eof() {
        return pos >= src.length();
    }

    private char peek(int ahead) {
        int at = pos + ahead;
        return at < src.length() ? src.charAt(at) : '\0';
    }

    private void skipBlanks() {
        while (!eof()) {
            char c = peek(0);
            if (c == ' ' || c == '\t' || c == '\r') {
                pos++;
            } else if (c == '\\' && peek(1) == '\n') {
                pos += 2;
            } else {
                return;
            }
        }
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
                skipArithmetic();
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
            skipArithmetic();
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

    private void skipArithmetic() throws ShellSyntaxException {
        int open = 2;
        while (!eof()) {
            char c = src.charAt(pos++);
            if (c == '(') {
                open++;
            } else if (c == ')') {
                open--;
                if (open == 0) {
                    return;
                }
            }
        }
        throw new ShellSyntaxException("an arithmetic '((' is never closed");
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

    /** Parses a here-document body: text where only {@code $}, backticks and backslashes are special. */
    private void parseQuotedUntilEnd() throws ShellSyntaxException {
        List<Word.Part> ignored = new ArrayList<>();
        while (!eof()) {
            char c = peek(0);
            if (c == '\\') {
                pos += 2;
            } else if (c == '$') {
                parseDollar(ignored);
            } else if (c == '`') {
                parseBackticks(ignored);
            } else {
                pos++;
            }
        }
    }

    private Word parseWord() throws ShellSyntaxException {
        List<Word.Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        while (!eof()) {
            char c = peek(0);
            if (" \t\r\n;&|)".indexOf(c) >= 0) {
                break;
            }
            if (c == '<' || c == '>' || c == '(') {
                if (peek(1) == '(' && (c != '(') && literal.isEmpty() && parts.isEmpty()) {
                    pos += 2;
                    parseNested();
                    parts.add(new Word.Opaque("process substitution"));
                    continue;
                }
                if (c == '(' && !literal.isEmpty() && isExtglobPrefix(literal.charAt(literal.length() - 1))) {
                    throw new ShellSyntaxException("extended glob patterns are not checked");
                }
                break;
            }
            if (c == '\\') {
                if (peek(1) == '\n') {
                    pos += 2;
                    continue;
                }
                flush(literal, parts);
                if (pos + 1 < src.length()) {
                    parts.add(new Word.Literal(String.valueOf(peek(1)), true));
                }
                pos += 2;
            } else if (c == '\'') {
                flush(literal, parts);
                int end = src.indexOf('\'', pos + 1);
                if (end < 0) {
                    throw new ShellSyntaxException("a single quote is never closed");
                }
                parts.add(new Word.Literal(src.substring(pos + 1, end), true));
                pos = end + 1;
            } else if (c == '"') {
                flush(literal, parts);
                pos++;
                parseDoubleQuoted(parts);
            } else if (c == '`') {
                flush(literal, parts);
                parseBackticks(parts);
            } else if (c == '$') {
                flush(literal, parts);
                parseDollar(parts);
            } else {
                literal.append(c);
                pos++;
            }
        }
        flush(literal, parts);
        if (parts.isEmpty()) {
            throw new ShellSyntaxException("unexpected '" + peek(0) + "' at offset " + pos);
        }
        return new Word(parts);
    }

    private static boolean isExtglobPrefix(char c) {
        return c == '@' || c == '!' || c == '+' || c == '?' || c == '*';
    }

    private static void flush(StringBuilder literal, List<Word.Part> parts) {
        if (!literal.isEmpty()) {
            parts.add(new Word.Literal(literal.toString(), false));
            literal.setLength(0);
        }
    }

    private void parseDoubleQuoted(List<Word.Part> parts) throws ShellSyntaxException {
        StringBuilder literal = new StringBuilder();
        while (true) {
            if (eof()) {
                throw new ShellSyntaxException("a double quote is never closed");
            }
            char c = peek(0);
            if (c == '"') {
                pos++;
                break;
            }
            if (c == '\\' && "$`\"\\\n".indexOf(peek(1)) >= 0) {
                if (peek(1) != '\n') {
                    literal.append(peek(1));
                }
                pos += 2;
            } else if (c == '$' || c == '`') {
                if (!literal.isEmpty()) {
                    parts.add(new Word.Literal(literal.toString(), true));
                    literal.setLength(0);
                }
                if (c == '$') {
                    parseDollar(parts);
                } else {
                    parseBackticks(parts);
                }
            } else {
                literal.append(c);
                pos++;
            }
        }
        // An empty "" is still a word (an empty argument).
        parts.add(new Word.Literal(literal.toString(), true));
    }

    private void parseBackticks(List<Word.Part> parts) throws ShellSyntaxException {
        pos++;
        StringBuilder inner = new StringBuilder();
        while (true) {
            if (eof()) {
                throw new ShellSyntaxException("a backtick is never closed");
            }
            char c = src.charAt(pos++);
            if (c == '`') {
                break;
            }
            if (c == '\\' && !eof() && "$`\\".indexOf(peek(0)) >= 0) {
                inner.append(src.charAt(pos++));
            } else {
                inner.append(c);
            }
        }
        ShellParser nested = new ShellParser(inner.toString(), out, depth + 1);
        nested.parseList(false);
        parts.add(new Word.Opaque("command substitution"));
    }

    /** After {@code $(} or {@code <(}: parses the nested command list through its closing parenthesis. */
    private void parseNested() throws ShellSyntaxException {
        ShellParser nested = new ShellParser(src, out, depth + 1);
        nested.pos = pos;
        nested.parseList(true);
        pos = nested.pos;
    }

    private void parseDollar(List<Word.Part> parts) throws ShellSyntaxException {
        char next = peek(1);
        if (next == '(' && peek(2) == '(') {
            pos += 3;
            skipArithmetic();
            parts.add(new Word.Opaque("arithmetic"));
        } else if (next == '(') {
            pos += 2;
            parseNested();
            parts.add(new Word.Opaque("command substitution"));
        } else if (next == '{') {
            int close = matchingBrace(pos + 1);
            String inner = src.substring(pos + 2, close);
            pos = close + 1;
            if (NAME.matcher(inner).matches()) {
                parts.add(new Word.Variable(inner));
            } else {
                // ${x:-$(cmd)} and friends may run commands: parse what is inside for substitutions.
                new ShellParser(inner, out, depth + 1).parseQuotedUntilEnd();
                parts.add(new Word.Opaque("${" + inner + "}"));
            }
        } else if (next == '\'') {
            pos += 2;
            parts.add(new Word.Literal(ansiC(), true));
        } else if (next == '"') {
            pos += 2;
            parseDoubleQuoted(parts);
        } else if (Character.isLetter(next) || next == '_') {
            int start = pos + 1;
            pos = start;
            while (!eof() && (Character.isLetterOrDigit(peek(0)) || peek(0) == '_')) {
                pos++;
            }
            parts.add(new Word.Variable(src.substring(start, pos)));
        } else if (Character.isDigit(next) || "@*#?$!-".indexOf(next) >= 0) {
            pos += 2;
            parts.add(new Word.Variable(String.valueOf(next)));
        } else {
            pos++;
            parts.add(new Word.Literal("$", false));
        }
    }

    private int matchingBrace(int open) throws ShellSyntaxException {
        int level = 0;
        for (int at = open; at < src.length(); at++) {
            char c = src.charAt(at);
            if (c == '\\') {
                at++;
            } else if (c == '{') {
                level++;
            } else if (c == '}' && --level == 0) {
                return at;
            }
        }
        throw new ShellSyntaxException("a '${' is never closed");
    }

    /** {@code $'...'}: ANSI-C quoting, with the common escapes decoded. */
    private String ansiC() throws ShellSyntaxException {
        StringBuilder text = new StringBuilder();
        while (true) {
            if (eof()) {
                throw new ShellSyntaxException("a $'...' quote is never closed");
            }
            char c = src.charAt(pos++);
            if (c == '\'') {
                return text.toString();
            }
            if (c != '\\' || eof()) {
                text.append(c);
                continue;
            }
            char e = src.charAt(pos++);
            switch (e) {
                case 'n' -> text.append('\n');
                case 't' -> text.append('\t');
                case 'r' -> text.append('\r');
                case 'x' -> text.append((char) number(16, 2));
                case 'u' -> text.append((char) number(16, 4));
                case '0', '1', '2', '3', '4', '5', '6', '7' -> {
                    pos--;
                    text.append((char) number(8, 3));
                }
                default -> text.append(e);
            }
        }
    }

    private int number(int radix, int maxDigits) {
        int value = 0;
        int digits = 0;
        while (digits < maxDigits && !eof() && Character.digit(peek(0), radix) >= 0) {
            value = value * radix + Character.digit(src.charAt(pos++), radix);
            digits++;
        }
        return value;
    }
}
