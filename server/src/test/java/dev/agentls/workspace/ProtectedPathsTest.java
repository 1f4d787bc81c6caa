package dev.agentls.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The protected list, entry by entry: git's folder refused, files that make tools run code asking, others free. */
class ProtectedPathsTest {

    @TempDir
    Path root;

    private final ProtectedPaths paths = new ProtectedPaths();

    private Optional<ProtectedPaths.Protection> check(String path) {
        return paths.check(new WorkspaceRoots(List.of(root)).resolve(path));
    }

    @Test
    void everythingUnderAnyGitFolderAndAGitFileIsRefused() {
        for (String path : List.of(".git/config", ".git/HEAD", ".git/hooks/pre-commit", ".git/refs/heads/main",
                ".git", "sub/.git", "vendor/lib/.git/config", ".GIT/config")) {
            ProtectedPaths.Protection protection = check(path).orElseThrow(() -> new AssertionError(path));
            ProtectedPaths.Protection.Refused refused = assertInstanceOf(ProtectedPaths.Protection.Refused.class,
                    protection, path);
            assertTrue(refused.reason().startsWith("'" + path + "' is inside git's own folder (.git)"), refused.reason());
        }
    }

    @Test
    void filesThatMakeToolsRunCodeNeedApprovalNamingWhatRunsThem() {
        List<String> asking = List.of(".gitattributes", "src/.gitattributes", ".gitmodules", ".envrc",
                "app/.envrc", ".vscode/tasks.json", ".vscode/settings.json", ".vscode/launch.json", ".mcp.json",
                ".devcontainer/devcontainer.json", ".pre-commit-config.yaml", ".github/workflows/ci.yml",
                ".gitlab-ci.yml", ".circleci/config.yml", "azure-pipelines.yml", "Jenkinsfile");
        for (String path : asking) {
            ProtectedPaths.Protection protection = check(path).orElseThrow(() -> new AssertionError(path));
            assertInstanceOf(ProtectedPaths.Protection.NeedsApproval.class, protection, path);
        }
        assertEquals(Optional.of(new ProtectedPaths.Protection.NeedsApproval("'.envrc' can make programs run:"
                + " direnv runs it when a shell enters the folder")), check(".envrc"));
    }

    @Test
    void ordinaryFilesAndLookalikesAreFree() {
        for (String path : List.of("README.md", "src/git/config", ".github/CODEOWNERS", ".vscode/extensions.json",
                "docs/.gitattributes.md", "my.git/x", ".gitignore")) {
            assertEquals(Optional.empty(), check(path), path);
        }
    }

    @Test
    void hooksWhereCoreHooksPathPointsNeedApprovalAlsoFromALinkedWorktree() throws Exception {
        assertEquals(Optional.empty(), check(".husky/pre-commit"));
        Path common = Files.createDirectories(root.resolve("elsewhere/repo.git"));
        Path worktreeDir = Files.createDirectories(common.resolve("worktrees/w"));
        Files.writeString(worktreeDir.resolve("commondir"), "../..\n");
        Files.writeString(common.resolve("config"), "[core]\n\tbare = false\n[core \"x\"]\n\thooksPath = nope\n"
                + "[CORE]\n\tHooksPath = \".husky/_\" ; husky\n");
        Files.writeString(root.resolve(".git"), "gitdir: " + worktreeDir + "\n");
        ProtectedPaths.Protection protection = check(".husky/_/pre-commit").orElseThrow();
        assertTrue(((ProtectedPaths.Protection.NeedsApproval) protection).reason().startsWith(
                "'.husky/_/pre-commit' is in git's hooks folder (core.hooksPath "), protection.toString());
        assertEquals(Optional.empty(), check("nope/pre-commit"), "a subsection's key is not core.hooksPath");
    }
}
