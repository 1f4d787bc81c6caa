package dev.agentls.edit;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The blocks meant for one file. {@code filePath} comes from a {@code <file-edit filePath="...">} wrapper, exactly as
 * written (the workspace layer resolves and confines it); empty when the blocks were not wrapped.
 */
public record FileEditBlocks(Optional<String> filePath, List<SearchReplaceBlock> blocks) {

    public FileEditBlocks {
        Objects.requireNonNull(filePath, "filePath");
        blocks = List.copyOf(blocks);
    }
}
