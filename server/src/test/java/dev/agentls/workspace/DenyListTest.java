package dev.agentls.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DenyListTest {

    @TempDir
    Path root;

    private final DenyList deny = new DenyList();

    @ParameterizedTest
    @ValueSource(strings = {".env", ".ENV", ".env.local", ".env.production", "config/prod.env", "server.pem", "tls.key",
        "keystore.p12", "store.jks", "id_rsa", "id_rsa.pub", "home/.ssh/id_ed25519", "id_ecdsa_sk", "credentials",
        "credentials.json", ".aws/credentials", ".aws/config", ".ssh/config", ".netrc", "_netrc", ".git-credentials",
        ".pypirc", ".pgpass", "infra/terraform.tfstate", "db.kdbx", ".gnupg/pubring.kbx"})
    void deniesSecrets(String path) {
        Optional<String> why = deny.check(root, path);
        assertTrue(why.isPresent(), path);
        assertTrue(why.get().startsWith("'" + path + "' is on the deny list ("), why.get());
        assertTrue(why.get().endsWith("secrets are never read, listed, searched or passed to commands"), why.get());
    }

    @ParameterizedTest
    @ValueSource(strings = {".env.example", ".env.sample", "src/CredentialsProvider.java", "credentials.go",
        "environment.ts", "keys.txt", "README.md", "src/main/resources/application.properties", "envoy.yaml",
        "monkey.java", "pem.txt", "docs/ssh.md"})
    void allowsOrdinaryFiles(String path) {
        assertEquals(Optional.empty(), deny.check(root, path), path);
    }

    @Test
    void reasonNamesTheKindOfSecret() {
        assertEquals("'.env' is on the deny list (environment files hold secrets): secrets are never read, listed, "
                + "searched or passed to commands", deny.check(root, ".env").orElseThrow());
        assertTrue(deny.check(root, ".ssh/known_hosts").orElseThrow().contains("(SSH keys and configuration)"));
    }

    @Test
    void npmrcIsDeniedOnlyWithATokenOrPassword() throws IOException {
        Files.writeString(root.resolve(".npmrc"), "registry=https://registry.npmjs.org/\n");
        assertEquals(Optional.empty(), deny.check(root, ".npmrc"));
        Files.writeString(root.resolve(".npmrc"), "//registry.npmjs.org/:_authToken=abc123\n");
        assertTrue(deny.check(root, ".npmrc").orElseThrow().contains("(it holds a registry token or password)"));
    }

    @Test
    void policyRefusesDeniedPathsWithTheDisplayName() throws IOException {
        Path b = Files.createDirectories(root.resolve("b"));
        Path a = Files.createDirectories(root.resolve("a"));
        WorkspaceRoots roots = new WorkspaceRoots(List.of(a, b));
        PathPolicy policy = new PathPolicy();
        PathRefusedException e = org.junit.jupiter.api.Assertions.assertThrows(PathRefusedException.class,
                () -> policy.requireAllowed(roots.resolve("b/.env")));
        assertEquals(PathRefusedException.Reason.DENIED, e.reason());
        assertTrue(e.getMessage().startsWith("'b/.env' is on the deny list"), e.getMessage());
        assertEquals(Optional.empty(), policy.isDenied(roots.resolve("b/app.properties")));
    }
}
