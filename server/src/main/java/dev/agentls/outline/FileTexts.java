package dev.agentls.outline;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the repo map reads a file's text: disk, or in an editor session the open buffer first (so what the user types
 * is what the map shows). Empty for a file that is gone, too large, binary or not UTF-8: the map leaves it out.
 */
@FunctionalInterface
public interface FileTexts {

    Optional<String> read(Path file);

    /** Disk only: a regular file, not a link, at most {@link RepoMap#MAX_FILE_BYTES}, no NUL byte, valid UTF-8. */
    FileTexts DISK = FileTexts::fromDisk;

    private static Optional<String> fromDisk(Path file) {
        try {
            if (!Files.isRegularFile(file) || Files.isSymbolicLink(file) || Files.size(file) > RepoMap.MAX_FILE_BYTES) {
                return Optional.empty();
            }
            byte[] bytes = Files.readAllBytes(file);
            for (byte b : bytes) {
                if (b == 0) {
                    return Optional.empty();
                }
            }
            return Optional.of(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
