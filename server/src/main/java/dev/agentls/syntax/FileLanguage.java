package dev.agentls.syntax;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A file's language as told by its name: a display name, its comment syntax and, for the languages we parse, its
 * grammar. Unknown names get the plain-text language, whose comment syntax accepts every common spelling.
 */
public record FileLanguage(String name, CommentSyntax comments, Optional<Grammar> grammar) {

    private static final FileLanguage TEXT = new FileLanguage("text", CommentSyntax.ANY, Optional.empty());

    private static final Map<String, FileLanguage> BY_EXTENSION = Map.ofEntries(
            parsed("java", "java", CommentSyntax.C_LIKE, Grammar.JAVA),
            parsed("py", "python", CommentSyntax.HASH, Grammar.PYTHON),
            parsed("pyi", "python", CommentSyntax.HASH, Grammar.PYTHON),
            parsed("js", "javascript", CommentSyntax.JSX, Grammar.JAVASCRIPT),
            parsed("mjs", "javascript", CommentSyntax.JSX, Grammar.JAVASCRIPT),
            parsed("cjs", "javascript", CommentSyntax.JSX, Grammar.JAVASCRIPT),
            parsed("jsx", "javascript", CommentSyntax.JSX, Grammar.JAVASCRIPT),
            parsed("ts", "typescript", CommentSyntax.C_LIKE, Grammar.TYPESCRIPT),
            parsed("mts", "typescript", CommentSyntax.C_LIKE, Grammar.TYPESCRIPT),
            parsed("cts", "typescript", CommentSyntax.C_LIKE, Grammar.TYPESCRIPT),
            parsed("tsx", "tsx", CommentSyntax.JSX, Grammar.TSX),
            parsed("go", "go", CommentSyntax.C_LIKE, Grammar.GO),
            plain("c", "c", CommentSyntax.C_LIKE), plain("h", "c", CommentSyntax.C_LIKE),
            plain("cc", "cpp", CommentSyntax.C_LIKE), plain("cpp", "cpp", CommentSyntax.C_LIKE),
            plain("hpp", "cpp", CommentSyntax.C_LIKE), plain("cs", "csharp", CommentSyntax.C_LIKE),
            plain("rs", "rust", CommentSyntax.C_LIKE), plain("kt", "kotlin", CommentSyntax.C_LIKE),
            plain("kts", "kotlin", CommentSyntax.C_LIKE), plain("swift", "swift", CommentSyntax.C_LIKE),
            plain("scala", "scala", CommentSyntax.C_LIKE), plain("dart", "dart", CommentSyntax.C_LIKE),
            plain("php", "php", new CommentSyntax(List.of("//", "#"), CommentSyntax.C_LIKE.blocks())),
            plain("json", "json", CommentSyntax.JSON), plain("jsonc", "json", CommentSyntax.C_LIKE),
            plain("css", "css", CommentSyntax.CSS), plain("scss", "scss", CommentSyntax.C_LIKE),
            plain("less", "less", CommentSyntax.C_LIKE),
            plain("rb", "ruby", CommentSyntax.HASH), plain("sh", "shell", CommentSyntax.HASH),
            plain("bash", "shell", CommentSyntax.HASH), plain("zsh", "shell", CommentSyntax.HASH),
            plain("yml", "yaml", CommentSyntax.HASH), plain("yaml", "yaml", CommentSyntax.HASH),
            plain("toml", "toml", CommentSyntax.HASH), plain("r", "r", CommentSyntax.HASH),
            plain("pl", "perl", CommentSyntax.HASH), plain("properties", "properties", CommentSyntax.HASH),
            plain("html", "html", CommentSyntax.HTML), plain("htm", "html", CommentSyntax.HTML),
            plain("xml", "xml", CommentSyntax.HTML), plain("md", "markdown", CommentSyntax.HTML),
            plain("vue", "vue", new CommentSyntax(List.of("//"),
                    List.of(CommentSyntax.HTML_BLOCK, CommentSyntax.C_BLOCK))),
            plain("svelte", "svelte", new CommentSyntax(List.of("//"),
                    List.of(CommentSyntax.HTML_BLOCK, CommentSyntax.C_BLOCK))),
            plain("sql", "sql", new CommentSyntax(List.of("--"), CommentSyntax.C_LIKE.blocks())),
            plain("lua", "lua", CommentSyntax.DASHES), plain("hs", "haskell", CommentSyntax.DASHES),
            plain("clj", "clojure", CommentSyntax.SEMICOLON), plain("el", "elisp", CommentSyntax.SEMICOLON),
            plain("lisp", "lisp", CommentSyntax.SEMICOLON), plain("asm", "assembly", CommentSyntax.SEMICOLON),
            plain("ini", "ini", new CommentSyntax(List.of(";", "#"), List.of())));

    private static final Map<String, FileLanguage> BY_NAME = Map.of(
            "makefile", new FileLanguage("make", CommentSyntax.HASH, Optional.empty()),
            "dockerfile", new FileLanguage("dockerfile", CommentSyntax.HASH, Optional.empty()));

    /** The language of a file name or path; the plain-text language when the name tells nothing. */
    public static FileLanguage forFileName(String fileName) {
        if (fileName == null) {
            return TEXT;
        }
        String base = fileName.substring(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1)
                .toLowerCase(Locale.ROOT);
        FileLanguage named = BY_NAME.get(base);
        if (named != null) {
            return named;
        }
        int dot = base.lastIndexOf('.');
        return dot < 0 ? TEXT : BY_EXTENSION.getOrDefault(base.substring(dot + 1), TEXT);
    }

    /** The plain-text language: no grammar, every common comment spelling. */
    public static FileLanguage plainText() {
        return TEXT;
    }

    private static Map.Entry<String, FileLanguage> parsed(String ext, String name, CommentSyntax c, Grammar g) {
        return Map.entry(ext, new FileLanguage(name, c, Optional.of(g)));
    }

    private static Map.Entry<String, FileLanguage> plain(String ext, String name, CommentSyntax c) {
        return Map.entry(ext, new FileLanguage(name, c, Optional.empty()));
    }
}
