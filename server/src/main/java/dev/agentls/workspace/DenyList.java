package dev.agentls.workspace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Files that hold secrets, which no tool reads, lists, searches or passes to a command, whatever ignore files say.
 * Names are matched case-insensitively (a {@code .ENV} is as secret as a {@code .env}); a denied folder
 * ({@code .ssh}, {@code .gnupg}, {@code .aws}) denies everything below it. Deliberate exceptions: example
 * environment files ({@code .env.example}, {@code .env.sample}, {@code .env.template}, {@code .env.dist}) hold no
 * secrets, and {@code credentials*} spares source code ({@code CredentialsProvider.java}); {@code .npmrc} is denied
 * only when it holds an auth token or password. AgentLS's own temp files ({@link TempFiles}) are refused the same way,
 * so an interrupted write is never read as a real file. Stateless and thread-safe.
 */
public final class DenyList {

    private record Entry(Glob glob, String why) {}

    private static final String ENV = "environment files hold secrets";
    private static final String KEY = "private keys and certificate stores";
    private static final String SSH = "SSH private keys";
    private static final String CREDENTIALS = "credential files";

    private static final String TEMP = "the temp file of a write a crash interrupted (removed at AgentLS's next start):"
            + " tools never read, list or search it";

    private static final List<Entry> NAMES = List.of(
            entry(".env", ENV), entry(".env.*", ENV), entry("*.env", ENV),
            entry("*.pem", KEY), entry("*.key", KEY), entry("*.p12", KEY), entry("*.pfx", KEY), entry("*.jks", KEY),
            entry("*.keystore", KEY), entry("*.kdbx", "password databases"),
            entry("id_rsa*", SSH), entry("id_dsa*", SSH), entry("id_ecdsa*", SSH), entry("id_ed25519*", SSH),
            entry("credentials", CREDENTIALS), entry("credentials.*", CREDENTIALS), entry("credentials-*", CREDENTIALS),
            entry(".git-credentials", CREDENTIALS), entry(".netrc", CREDENTIALS), entry("_netrc", CREDENTIALS),
            entry(".pypirc", CREDENTIALS), entry(".pgpass", CREDENTIALS), entry(".htpasswd", CREDENTIALS),
            entry("*.tfstate", "Terraform state holds secrets"), entry("*.tfstate.backup", "Terraform state holds secrets"));

    private static final List<Entry> FOLDERS = List.of(
            entry(".ssh", "SSH keys and configuration"), entry(".gnupg", "GnuPG keys"), entry(".aws", "AWS credentials"));

    private static final Set<String> EXAMPLE_ENV = Set.of(".env.example", ".env.sample", ".env.template", ".env.dist",
            ".env.defaults");

    private static final Set<String> SOURCE_EXTENSIONS = Set.of("java", "kt", "kts", "groovy", "scala", "go", "py",
            "js", "jsx", "ts", "tsx", "rb", "rs", "c", "h", "cc", "cpp", "hpp", "cs", "php", "swift", "m", "md", "adoc",
            "rst", "html", "vue", "svelte");

    private static final Pattern NPM_SECRET = Pattern.compile("(?i)(_authToken|_auth|_password|password)\\s*=");

    private static Entry entry(String glob, String why) {
        return new Entry(Glob.compile(glob, true), why);
    }

    /**
     * Why {@code relative} (a {@code /}-separated path inside {@code root}) is denied, or empty when it is not. The
     * reason is a whole sentence to pass on: {@code "'.env' is on the deny list (environment files hold secrets):
     * secrets are never read, listed, searched or passed to commands"}.
     */
    public Optional<String> check(Path root, String relative) {
        String[] parts = relative.split("/");
        for (int i = 0; i < parts.length - 1; i++) {
            Optional<String> why = folderReason(parts[i]);
            if (why.isPresent()) {
                return Optional.of(sentence(relative, why.get()));
            }
        }
        String name = parts[parts.length - 1];
        if (TempFiles.isTemp(name)) {
            return Optional.of("'" + relative + "' is " + TEMP);
        }
        Optional<String> why = folderReason(name).or(() -> nameReason(name));
        if (why.isEmpty() && name.equalsIgnoreCase(".npmrc") && npmrcHoldsSecret(root.resolve(relative))) {
            why = Optional.of("it holds a registry token or password");
        }
        return why.map(w -> sentence(relative, w));
    }

    /** Whether a single file or folder name is denied by name alone (for walks, before any content is read). */
    public Optional<String> nameReason(String name) {
        if (TempFiles.isTemp(name)) {
            return Optional.of(TEMP);
        }
        String lower = name.toLowerCase(Locale.ROOT);
        if (EXAMPLE_ENV.contains(lower)) {
            return Optional.empty();
        }
        for (Entry e : NAMES) {
            if (e.glob().matchesName(name)) {
                if (e.why().equals(CREDENTIALS) && lower.startsWith("credentials") && isSource(lower)) {
                    continue;
                }
                return Optional.of(e.why());
            }
        }
        return Optional.empty();
    }

    /** Whether a folder name is denied, with everything below it. */
    public Optional<String> folderReason(String name) {
        for (Entry e : FOLDERS) {
            if (e.glob().matchesName(name)) {
                return Optional.of(e.why());
            }
        }
        return Optional.empty();
    }

    private static boolean isSource(String lowerName) {
        int dot = lowerName.lastIndexOf('.');
        return dot > 0 && SOURCE_EXTENSIONS.contains(lowerName.substring(dot + 1));
    }

    private static boolean npmrcHoldsSecret(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(file)) {
            return NPM_SECRET.matcher(new String(in.readNBytes(65536), StandardCharsets.UTF_8)).find();
        } catch (IOException e) {
            return true;
        }
    }

    private static String sentence(String relative, String why) {
        return "'" + relative + "' is on the deny list (" + why
                + "): secrets are never read, listed, searched or passed to commands";
    }
}
