package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Paths a model might send to escape the workspace or reach secrets: every file tool refuses them all, changing nothing. */
class HostilePathsTest extends FileToolFixture {

    private List<String> hostile() throws Exception {
        Path outside = Files.writeString(temp.resolve("outside.txt"), "outside\n");
        Files.createSymbolicLink(root.resolve("out-link"), temp);
        Files.createSymbolicLink(root.resolve("file-link.txt"), outside);
        Files.createDirectories(root.resolve("config"));
        Files.writeString(root.resolve("config/.env.production"), "SECRET=1\n");
        Files.writeString(root.resolve("deploy.pem"), "key\n");
        return List.of("../outside.txt", "../../etc/passwd", "/etc/passwd", "/etc/../etc/passwd", temp.toString(),
                outside.toString(), "src/../../outside.txt", "src/main/../../../outside.txt", "./../outside.txt",
                "~/outside.txt", "~", "file:///etc/passwd", "file://" + outside, "file:///%2e%2e/etc/passwd", "src/main/java/../../../../outside.txt",
                "out-link/outside.txt", "file-link.txt", "out-link", "src/\0/x", "",
                " ", ".env", "config/.env.production", "./.env", "src/../.env", "deploy.pem", "DEPLOY.PEM",
                root + "/.env", "\\..\\outside.txt", "..\\outside.txt");
    }

    @Test
    void noFileToolReachesOutsideTheWorkspaceOrASecret() throws Exception {
        List<String> paths = hostile();
        List<String> escaped = new ArrayList<>();
        int refused = 0;
        for (String path : paths) {
            for (String tool : List.of("read_file", "write_to_file", "delete_file", "replace_in_file")) {
                ToolResult result = switch (tool) {
                    case "write_to_file" -> call(tool, "target_file", path, "content", "pwned\n");
                    case "replace_in_file" -> call(tool, "target_file", path, "diff",
                            "------- SEARCH\n=======\npwned\n+++++++ REPLACE\n");
                    default -> call(tool, "target_file", path);
                };
                if (result.isSuccess()) {
                    escaped.add(tool + " " + path + " -> " + result.text());
                } else {
                    refused++;
                }
            }
        }
        assertEquals(List.of(), escaped);
        assertEquals(paths.size() * 4, refused);
        assertTrue(paths.size() >= 30, "hostile paths: " + paths.size());
        assertEquals(List.of(), host.changes, "no change reached the host");
        assertEquals("outside\n", Files.readString(temp.resolve("outside.txt")));
        assertFalse(Files.exists(root.resolve("~")));
        assertEquals("SECRET=1\n", Files.readString(root.resolve("config/.env.production")));
    }

    @Test
    void percentEscapesInAPlainPathAreLiteralNamesInsideTheWorkspace() throws Exception {
        assertTrue(call("write_to_file", "target_file", "%2e%2e/outside.txt", "content", "x\n").isSuccess());
        assertTrue(Files.exists(root.resolve("%2e%2e/outside.txt")));
        assertFalse(Files.exists(temp.resolve("outside.txt")));
    }

    @Test
    void refusalsNameThePathAndTheFact() throws Exception {
        hostile();
        assertTrue(call("read_file", "target_file", "out-link/outside.txt").text()
                .contains("'out-link' is a symbolic link to " + temp.toRealPath()), call("read_file", "target_file",
                "out-link/outside.txt").text());
        assertTrue(call("read_file", "target_file", "config/.env.production").text()
                .startsWith("read_file: 'config/.env.production' is on the deny list"));
        assertTrue(call("read_file", "target_file", "src/../../outside.txt").text()
                .contains("climbs above the root"));
    }
}
